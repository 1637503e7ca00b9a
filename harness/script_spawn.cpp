#include "harness/script_spawn.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "harness/sandbox/bubblewrap.h"
#include "harness/sandbox/confined_file_system.h"

namespace forklift::harness {
namespace {

std::vector<char*> pointers_to(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (const std::string& s : strings) pointers.push_back(const_cast<char*>(s.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

// What the shell's process does between fork and exec, prepared before the
// fork (async-signal-safe calls only: the caller may have threads).
struct ChildSetup {
  std::vector<char*> argv, envp;
  const char* cwd;  // nullptr: bwrap changes directory itself
  const char* stdin_path;
  int out_fd, err_fd;
  const ResourceLimits* limits;  // nullptr: none
  bool own_process_group;
  int inherited_fd = -1;  // kept open across exec
};

[[noreturn]] void become_shell(const ChildSetup& setup) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig = 1; sig < NSIG; ++sig) ::signal(sig, SIG_DFL);
  if (setup.own_process_group) ::setpgid(0, 0);
  int in = ::open(setup.stdin_path, O_RDONLY);
  if ((setup.cwd != nullptr && ::chdir(setup.cwd) != 0) || in < 0 || ::dup2(in, 0) < 0 || ::dup2(setup.out_fd, 1) < 0 ||
      ::dup2(setup.err_fd, 2) < 0) {
    _exit(127);
  }
  if (setup.limits != nullptr && !apply_limits(*setup.limits)) _exit(127);
  if (setup.inherited_fd >= 0 && ::fcntl(setup.inherited_fd, F_SETFD, 0) != 0) _exit(127);
  ::execve(setup.argv[0], setup.argv.data(), setup.envp.data());
  _exit(127);
}

// The shell in its own process group, so a timeout kills everything the
// script started; default signal handling and mask whatever ours are.
pid_t posix_spawn_shell(const ShellLaunch& launch, int out_fd, int err_fd) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, launch.cwd.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, launch.stdin_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  auto args = pointers_to(launch.argv);
  auto envp = pointers_to(launch.env);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, args[0], &actions, &attr, args.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::system_error(rc, std::generic_category(), "cannot start " + launch.argv[0]);
  return pid;
}

// Under a reaper in fresh namespaces: counting only, or confining as well.
std::optional<bench::CountedSpawn> spawn_under_reaper(const ShellLaunch& launch, int out_fd, int err_fd) {
  bool confine = launch.sandbox.kind == SandboxKind::Namespaces;
  ChildSetup setup{pointers_to(launch.argv), pointers_to(launch.env),   launch.cwd.c_str(), launch.stdin_path.c_str(),
                   out_fd,                   err_fd,                    confine ? &launch.limits : nullptr, false};
  if (!confine) return bench::spawn_counted([&] { become_shell(setup); });
  ConfinedFileSystem file_system(launch.run_dir);
  // Without counting, background jobs left running when the script exits
  // are killed, as they are outside the sandbox.
  bench::Leftovers leftovers = launch.count_processes ? bench::Leftovers::Wait : bench::Leftovers::Kill;
  bench::Isolation isolation{true, [&file_system](const char** step) { return file_system.confine(step); }};
  auto spawn = bench::spawn_counted([&] { become_shell(setup); }, leftovers, isolation);
  int saved = errno;
  if (!spawn) {
    throw SandboxSetupError(std::string("cannot set up the sandbox (namespaces): cannot create its namespaces: ") +
                            std::strerror(saved));
  }
  return spawn;
}

// What bwrap writes to its --info-fd once the sandbox exists: read until
// the object ends, bwrap closes it, or a bound passes (bwrap never waits on
// the script before writing it).
std::string read_bubblewrap_info(int fd) {
  constexpr int kInfoWaitMs = 10000;
  std::string info;
  char buffer[512];
  while (info.find('}') == std::string::npos) {
    pollfd ready{fd, POLLIN, 0};
    int n = ::poll(&ready, 1, kInfoWaitMs);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    info.append(buffer, static_cast<size_t>(got));
  }
  return info;
}

void spawn_under_bubblewrap(const ShellLaunch& launch, int out_fd, int err_fd, ShellProcess& shell) {
  int info[2];
  if (::pipe2(info, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  UniqueFd info_read(info[0]), info_write(info[1]);
  if (!launch.sandbox.setpriv.empty()) {
    if (std::string error = hand_run_dir_to_sandbox_user(launch.run_dir); !error.empty()) {
      throw SandboxSetupError("cannot set up the sandbox (bubblewrap): " + error);
    }
  }
  std::vector<std::string> command =
      bubblewrap_command({launch.sandbox.bwrap, launch.sandbox.prlimit, launch.run_dir, launch.cwd, launch.argv,
                          launch.limits, info_write.get(), launch.sandbox.setpriv});
  ChildSetup setup{pointers_to(command), pointers_to(launch.env), nullptr, launch.stdin_path.c_str(),
                   out_fd,               err_fd,                  nullptr, true, info_write.get()};
  // fork() without glibc's atfork handlers, as the counting reaper does.
  auto pid = static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr, nullptr));
  if (pid == 0) become_shell(setup);
  if (pid < 0) {
    throw SandboxSetupError("cannot set up the sandbox (bubblewrap): cannot start " + launch.sandbox.bwrap + ": " +
                            std::strerror(errno));
  }
  shell.pid = pid;
  info_write.reset();
  int init = bubblewrap_child_pid(read_bubblewrap_info(info_read.get()));
  // No sandbox was made: bwrap failed (its message is on stderr).
  shell.sandbox_failed = init <= 0;
  // Where it is gone already, so is everything inside.
  if (init > 0) shell.sandbox_init.reset(static_cast<int>(::syscall(SYS_pidfd_open, init, 0)));
}

}  // namespace

ShellProcess spawn_shell(const ShellLaunch& launch) {
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  ShellProcess shell;
  shell.out.reset(out_pipe[0]);
  UniqueFd out_write(out_pipe[1]);
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  shell.err.reset(err_pipe[0]);
  UniqueFd err_write(err_pipe[1]);
  shell.report_processes = launch.count_processes;
  switch (launch.sandbox.kind) {
    case SandboxKind::Namespaces:
      shell.counted = spawn_under_reaper(launch, out_write.get(), err_write.get());
      break;
    case SandboxKind::Bubblewrap:
      spawn_under_bubblewrap(launch, out_write.get(), err_write.get(), shell);
      shell.report_processes = false;
      return shell;
    case SandboxKind::None:
      if (launch.count_processes && bench::process_counting_available()) {
        shell.counted = spawn_under_reaper(launch, out_write.get(), err_write.get());
      }
      break;
  }
  shell.pid = shell.counted ? shell.counted->reaper : posix_spawn_shell(launch, out_write.get(), err_write.get());
  return shell;
}

void end_shell(ShellProcess& shell, int& wait_status, rusage& usage) {
  // The leader is a zombie or still running: its pid still names the group.
  // (A reaper takes its whole namespace with it, bubblewrap its own.)
  ::kill(-shell.pid, SIGKILL);
  ::kill(shell.pid, SIGKILL);
  if (shell.sandbox_init.get() >= 0) {
    constexpr int kSandboxEndWaitMs = 10000;
    ::syscall(SYS_pidfd_send_signal, shell.sandbox_init.get(), SIGKILL, nullptr, 0);
    pollfd ended{shell.sandbox_init.get(), POLLIN, 0};
    while (::poll(&ended, 1, kSandboxEndWaitMs) < 0 && errno == EINTR) {
    }
  }
  ::wait4(shell.pid, &wait_status, 0, &usage);
}

}  // namespace forklift::harness
