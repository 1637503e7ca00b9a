#include "interp/exec/process_launcher.h"
#include "interp/hash_key.h"

#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

namespace forklift::interp {

namespace {

bool is_executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string ProcessLauncher::resolve(std::string_view name, std::string_view path_value) {
  if (name.find('/') != std::string_view::npos) return std::string(name);
  if (path_value != cached_path_value_) {
    cache_.clear();
    cached_path_value_.assign(path_value);
  }
  auto it = cache_.find(hash_key(name));
  if (it != cache_.end()) return it->second;
  std::string found;
  size_t start = 0;
  while (start <= path_value.size()) {
    size_t colon = path_value.find(':', start);
    if (colon == std::string_view::npos) colon = path_value.size();
    std::string dir(path_value.substr(start, colon - start));
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + std::string(name);
    if (is_executable_file(candidate)) {
      found = candidate;
      break;
    }
    start = colon + 1;
  }
  if (!found.empty()) cache_.emplace(std::string(name), found);
  return found;
}

pid_t ProcessLauncher::spawn(const SpawnPlan& plan) {
  std::vector<char*> argv;
  argv.reserve(plan.argv.size() + 1);
  for (const auto& a : plan.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  envp.reserve(plan.env.size() + 1);
  for (const auto& e : plan.env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (auto [from, to] : plan.dup2s) posix_spawn_file_actions_adddup2(&actions, from, to);
  for (int fd : plan.closes) posix_spawn_file_actions_addclose(&actions, fd);

  // The child starts with default signal dispositions for what the shell catches.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGHUP);
  sigaddset(&defaults, SIGCHLD);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  pid_t pid = 0;
  int rc = posix_spawn(&pid, plan.path.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return -rc;
  ++spawned_;
  return pid;
}

int ProcessLauncher::wait_for(pid_t pid) {
  int wstatus = 0;
  while (::waitpid(pid, &wstatus, 0) < 0) {
    if (errno != EINTR) return 127;
  }
  if (WIFEXITED(wstatus)) return WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) return 256 + WTERMSIG(wstatus);
  return 0;
}

}  // namespace forklift::interp
