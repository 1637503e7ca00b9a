#include "tests/support/run_forklift.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

extern char** environ;

namespace forklift::test {
namespace {

std::string temp_path(const char* tag) {
  static int counter = 0;
  return std::string("/tmp/forklift-test-") + std::to_string(getpid()) + "-" + std::to_string(counter++) + tag;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// This process's environment with `env` in place of the entries it names:
// getenv finds the first of two entries, so appending would not override.
std::vector<std::string> environment_with(const Environment& env) {
  std::vector<std::string> entries;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view entry(*e);
    bool replaced = std::any_of(env.begin(), env.end(), [&](const auto& setting) {
      return entry.size() > setting.first.size() && entry.starts_with(setting.first) &&
             entry[setting.first.size()] == '=';
    });
    if (!replaced) entries.emplace_back(entry);
  }
  for (const auto& [name, value] : env) entries.push_back(name + "=" + value);
  return entries;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> p;
  for (std::string& s : strings) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

}  // namespace

RunResult run_forklift(const std::vector<std::string>& args, const std::string& input, const std::string& cwd,
                       const Environment& env) {
  std::vector<std::string> command{FORKLIFT_BINARY};
  command.insert(command.end(), args.begin(), args.end());
  return run_program(command, input, cwd, env);
}

RunResult run_program(const std::vector<std::string>& command, const std::string& input, const std::string& cwd,
                      const Environment& env) {
  std::string in_path = temp_path(".in"), out_path = temp_path(".out"), err_path = temp_path(".err");
  std::ofstream(in_path, std::ios::binary) << input;

  std::vector<std::string> argv_storage = command;
  std::vector<char*> argv = pointers(argv_storage);
  std::vector<std::string> env_storage = environment_with(env);
  std::vector<char*> envp = pointers(env_storage);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot spawn " + argv_storage[0]);
  int wstatus = 0;
  waitpid(pid, &wstatus, 0);

  RunResult r;
  r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

}  // namespace forklift::test
