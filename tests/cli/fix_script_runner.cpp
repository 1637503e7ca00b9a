#include "tests/cli/fix_script_runner.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "tests/cli/fix_samples.h"

extern char** environ;

namespace forklift::test {
namespace {

std::vector<std::string> pinned_environment() {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view entry(*e);
    if (entry.starts_with("LC_ALL=") || entry.starts_with("TZ=") || entry.starts_with("TIMEFORMAT=")) continue;
    env.emplace_back(entry);
  }
  env.insert(env.end(), {"LC_ALL=C.UTF-8", "TZ=UTC", "TIMEFORMAT="});
  return env;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (auto& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

ScriptRun run_script(const std::string& shell, const std::string& script, const std::vector<std::string>& args,
                     const std::string& stdin_path, const std::string& cwd) {
  std::string out_path = cwd + "/.stdout", err_path = cwd + "/.stderr";
  std::vector<std::string> argv_storage{shell, script};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  auto argv = pointers_to(argv_storage);
  auto env_storage = pinned_environment();
  auto env = pointers_to(env_storage);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, stdin_path.empty() ? "/dev/null" : stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, shell.c_str(), &actions, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot run " + shell + ": " + std::strerror(rc));
  int wstatus = 0;
  waitpid(pid, &wstatus, 0);

  ScriptRun run;
  run.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  run.out = read_file(out_path);
  run.err = read_file(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return run;
}

}  // namespace forklift::test
