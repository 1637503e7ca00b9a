#include "harness/bench/process_count.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <grp.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

namespace forklift::harness::bench {
namespace {

// PIDs every counted run uses: 1 the reaper, 2 the command, then the probe.
constexpr uint64_t kFixedPids = 3;

// fork() without glibc's atfork handlers: the caller may have threads, and a
// malloc lock held by one of them at fork time would deadlock the handlers
// in the child. The children below only make system calls.
pid_t raw_fork(unsigned long namespaces) {
  return static_cast<pid_t>(syscall(SYS_clone, namespaces | SIGCHLD, nullptr, nullptr, nullptr, nullptr));
}

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

bool write_all(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool read_all(int fd, void* data, size_t size) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    ssize_t n = read(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool write_file(const std::string& path, const std::string& text) {
  int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = write_all(fd, text.data(), text.size());
  close(fd);
  return ok;
}

// The unprivileged user that root inside a confining namespace is outside
// (nobody on Debian); every other ID keeps its meaning.
constexpr unsigned kConfinedRootOutside = 65534;

// Inside the namespace every ID keeps its meaning: the whole range maps to
// itself when we may (root), else our own IDs (then the kernel requires
// setgroups to be denied first). Confined under root, IDs 0 and 65534 trade
// places instead.
bool map_ids(pid_t reaper, bool swap_root) {
  std::string proc = fmt::format("/proc/{}/", reaper);
  std::string everything = swap_root ? fmt::format("0 {0} 1\n1 1 {1}\n{0} 0 1\n{2} {2} {3}\n", kConfinedRootOutside,
                                                   kConfinedRootOutside - 1, kConfinedRootOutside + 1,
                                                   4294967295u - (kConfinedRootOutside + 1))
                                     : "0 0 4294967295\n";
  bool uid = write_file(proc + "uid_map", everything) ||
             write_file(proc + "uid_map", fmt::format("{0} {0} 1\n", geteuid()));
  bool gid = write_file(proc + "gid_map", everything) ||
             (write_file(proc + "setgroups", "deny") &&
              write_file(proc + "gid_map", fmt::format("{0} {0} 1\n", getegid())));
  return uid && gid;
}

pid_t wait_retrying(pid_t pid, int* status) {
  pid_t got;
  do got = waitpid(pid, status, 0);
  while (got < 0 && errno == EINTR);
  return got;
}

// Makes `fd` the descriptor `target`, open across exec.
bool onto(int fd, int target) {
  if (fd != target) return dup2(fd, target) == target;
  int flags = fcntl(fd, F_GETFD);
  return flags >= 0 && fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) == 0;
}

void reset_signals() {
  struct sigaction by_default {};
  by_default.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) sigaction(sig, &by_default, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

struct Report {
  int wait_status;
  uint64_t processes;
  int setup_error;
  char setup_step[48];
};

// Once the mounts are made: the command must not be able to undo them. The
// namespace's root holds every capability in it across exec, CAP_SYS_ADMIN
// included, which remounts / read-write; it keeps the others, which reach no
// further than the namespace (and, under root, let it use the run directory
// its IDs do not own). Dropped from the bounding set, an exec cannot grant it;
// no_new_privs keeps setuid programs from granting anything.
int give_up_mounting(const char** step) {
  if (prctl(PR_CAPBSET_DROP, CAP_SYS_ADMIN) != 0) {
    *step = "drop CAP_SYS_ADMIN from the bounding set";
    return errno;
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    *step = "set no_new_privs";
    return errno;
  }
  return 0;
}

// Inside the confining namespaces, before the command: become root inside
// (when the IDs were swapped), then let `prepare` set the mounts up.
// The parent-death signal is set again: a change of credentials clears it.
// (getppid() cannot tell whether the parent died meanwhile: it is 0 in a new
// PID namespace; the go-ahead was read from it a moment ago.)
int enter_confinement(const Isolation& isolation, bool become_root, const char** step) {
  if (become_root && (setgroups(0, nullptr) != 0 || setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0)) {
    *step = "take the sandbox's user ID";
    return errno;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (int error = isolation.prepare ? isolation.prepare(step) : 0; error != 0) return error;
  return give_up_mounting(step);
}

void copy_name(char (&to)[48], const char* from) {
  size_t i = 0;
  for (; from != nullptr && from[i] != '\0' && i + 1 < sizeof to; ++i) to[i] = from[i];
  to[i] = '\0';
}

// PID 1 of the namespace: waits for the go-ahead (the ID maps written),
// starts the command, reaps everything, counts, reports.
[[noreturn]] void reap(const std::function<void()>& in_child, Leftovers leftovers, const Isolation& isolation,
                       int go_fd, int report_fd) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  char go = 0;
  if (!read_all(go_fd, &go, 1) || (go != 'G' && go != 'R')) _exit(127);
  close(go_fd);
  Report report{0, 0, 0, {}};
  if (isolation.confine) {
    const char* step = nullptr;
    report.setup_error = enter_confinement(isolation, go == 'R', &step);
    if (report.setup_error != 0) {
      copy_name(report.setup_step, step);
      write_all(report_fd, &report, sizeof report);
      _exit(127);
    }
  }
  pid_t command = raw_fork(0);
  if (command == 0) {
    close(report_fd);
    in_child();
    _exit(127);
  }
  if (command < 0) _exit(127);
  int status = 0;
  pid_t got;
  while ((got = wait_retrying(-1, &status)) > 0) {
    if (got != command) continue;
    report.wait_status = status;
    // From a namespace's init, -1 means every other process of the namespace.
    if (leftovers == Leftovers::Kill) kill(-1, SIGKILL);
  }
  pid_t probe = raw_fork(0);
  if (probe == 0) _exit(0);
  if (probe < 0) _exit(shell_status(report.wait_status));
  wait_retrying(probe, &status);
  report.processes = static_cast<uint64_t>(probe) - kFixedPids;
  write_all(report_fd, &report, sizeof report);
  _exit(shell_status(report.wait_status));
}

}  // namespace

int shell_status(int wait_status) {
  if (WIFSIGNALED(wait_status)) return 128 + WTERMSIG(wait_status);
  return WEXITSTATUS(wait_status);
}

std::optional<CountedSpawn> spawn_counted(const std::function<void()>& in_child, Leftovers leftovers,
                                          const Isolation& isolation) {
  int go[2], report[2];
  if (pipe2(go, O_CLOEXEC) != 0) return std::nullopt;
  if (pipe2(report, O_CLOEXEC) != 0) {
    int saved = errno;
    close(go[0]);
    close(go[1]);
    errno = saved;
    return std::nullopt;
  }
  unsigned long confining = isolation.confine ? CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC : 0;
  pid_t reaper = raw_fork(CLONE_NEWUSER | CLONE_NEWPID | confining);
  if (reaper == 0) {
    close(go[1]);
    close(report[0]);
    reap(in_child, leftovers, isolation, go[0], report[1]);
  }
  int saved = errno;
  close(go[0]);
  close(report[1]);
  CountedSpawn spawn{reaper, report[0]};
  bool swap_root = isolation.confine && geteuid() == 0;
  bool mapped = reaper > 0 && map_ids(reaper, swap_root);
  if (mapped) mapped = write_all(go[1], swap_root ? "R" : "G", 1);
  close(go[1]);
  if (mapped) return spawn;
  if (reaper > 0) {
    // Closing the go pipe already makes it exit; the kill only hurries it.
    kill(reaper, SIGKILL);
    int status;
    wait_retrying(reaper, &status);
    saved = EPERM;
  }
  close_fd(spawn.report_fd);
  errno = saved;
  return std::nullopt;
}

std::optional<CountedSpawn> spawn_exec_counted(const CountedExec& exec, Leftovers leftovers) {
  // Everything the child needs is prepared here: after the fork it may only
  // make system calls.
  auto pointers = [](const std::vector<std::string>& strings) {
    std::vector<char*> p;
    for (const std::string& s : strings) p.push_back(const_cast<char*>(s.c_str()));
    p.push_back(nullptr);
    return p;
  };
  std::vector<char*> argv = pointers(exec.argv), envp = pointers(exec.env);
  return spawn_counted(
      [&] {
        if (chdir(exec.cwd.c_str()) != 0) return;
        int in = open(exec.stdin_path.c_str(), O_RDONLY);
        if (in < 0 || dup2(in, STDIN_FILENO) < 0) return;
        if (in != STDIN_FILENO) close(in);
        if (!onto(exec.stdout_fd, STDOUT_FILENO) || !onto(exec.stderr_fd, STDERR_FILENO)) return;
        reset_signals();
        execve(argv[0], argv.data(), envp.data());
      },
      leftovers);
}

std::optional<CountedReport> read_counted_report(CountedSpawn& spawn) {
  Report report{};
  bool complete = read_all(spawn.report_fd, &report, sizeof report);
  close_fd(spawn.report_fd);
  if (!complete) return std::nullopt;
  return CountedReport{report.wait_status, report.processes, report.setup_error, report.setup_step};
}

std::optional<CountedRun> run_counted(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  auto spawn = spawn_counted([&args] { execvp(args[0], args.data()); });
  if (!spawn) return std::nullopt;
  CountedRun run;
  int status = 0;
  pid_t got;
  do got = wait4(spawn->reaper, &status, 0, &run.usage);
  while (got < 0 && errno == EINTR);
  auto report = read_counted_report(*spawn);
  if (!report) return std::nullopt;
  run.status = shell_status(report->wait_status);
  run.processes = report->processes;
  return run;
}

bool process_counting_available(std::string* why) {
  static std::once_flag probed;
  static bool available = false;
  static std::string reason;
  std::call_once(probed, [] {
    auto spawn = spawn_counted([] { _exit(0); });
    if (!spawn) {
      reason = fmt::format("cannot create a user+PID namespace: {}", std::strerror(errno));
      return;
    }
    int status;
    wait_retrying(spawn->reaper, &status);
    available = read_counted_report(*spawn).has_value();
    if (!available) reason = "the counting reaper died before reporting";
  });
  if (why) *why = reason;
  return available;
}

}  // namespace forklift::harness::bench
