// Counting the processes a command tree creates: the command runs as the
// first child of a reaper that is PID 1 of a new user+PID namespace. PIDs in
// a fresh namespace are handed out in order (1 the reaper, 2 the command), so
// once every descendant has been reaped (orphans are reparented to the
// reaper) the PID of one more trivial fork tells how many were created.
//
// What is counted: every task the tree created, the command itself excluded.
// Threads take PIDs from the same counter, so a program that starts threads
// counts them too (the bundled interpreter runs scripts on one extra thread:
// subtract what the shell costs on an empty script to get the script's own
// figure). Exact while the tree creates fewer PIDs than kernel.pid_max.
//
// Inside the namespace the command keeps its user and group IDs (mapped to
// themselves); /proc is still the outer one, so `$$` is 2 while /proc/2 is
// some other process.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace forklift::harness::bench {

// A command started under a counting reaper.
struct CountedSpawn {
  pid_t reaper = -1;   // the caller's child: wait for it, or SIGKILL it to end the whole tree
  int report_fd = -1;  // where the reaper writes the command's status and the count
};

// What the reaper does with processes still running when the command exits:
// wait for them (the count then covers everything the tree ever ran), or
// kill them, as a runner that ends a script's leftover background jobs does.
enum class Leftovers { Wait, Kill };

// Beyond counting, the namespaces may confine the command (the sandbox of
// harness/script_runner.h): new mount, network and IPC namespaces too, and
// `prepare` run by the reaper before it starts the command (the mounts).
// Under root, root inside is then an unprivileged user outside (root's own
// files keep their rights through the ID map), so that RLIMIT_NPROC binds:
// the kernel exempts a real user ID of 0 from it.
struct Isolation {
  bool confine = false;
  // Async-signal-safe. Returns 0, or the errno of the step that failed and
  // points `step` at its name (a string literal).
  std::function<int(const char** step)> prepare;
};

// Forks a reaper in a new user+PID namespace, which forks and runs
// `in_child` as the command. `in_child` runs as after fork() in a possibly
// multi-threaded program: async-signal-safe calls only, then exec or _exit
// (it is not expected to return; if it does, the command exits with 127).
// The reaper ignores catchable signals, as a namespace's init does; killing
// it with SIGKILL kills every process of the tree, and it dies with the
// calling thread. Returns nullopt, errno set, when the kernel refuses the
// namespaces (EPERM, EINVAL, ENOSPC, ...); nothing was run then.
std::optional<CountedSpawn> spawn_counted(const std::function<void()>& in_child,
                                          Leftovers leftovers = Leftovers::Wait, const Isolation& isolation = {});

// The usual spawn of a runner, under a counting reaper: the command runs in
// `cwd` with stdin from `stdin_path`, stdout and stderr on the given
// descriptors, every signal unblocked and at its default action, and
// execve(argv[0], argv, env). Exit status 127 when that fails.
struct CountedExec {
  std::vector<std::string> argv;  // argv[0] is the program's path
  std::vector<std::string> env;   // NAME=VALUE
  std::string cwd;
  std::string stdin_path = "/dev/null";
  int stdout_fd = 1, stderr_fd = 2;
};
std::optional<CountedSpawn> spawn_exec_counted(const CountedExec& exec, Leftovers leftovers);

// What the reaper reported once the command and every descendant had exited.
struct CountedReport {
  int wait_status = 0;     // the command's, as waitpid() reports it
  uint64_t processes = 0;  // tasks the command tree created, the command itself excluded
  int setup_error = 0;     // Isolation::prepare failed with this errno: nothing was run
  std::string setup_step;  // the step that failed
};

// After the caller has waited for `spawn.reaper` (with waitpid or wait4,
// which also give the CPU time of the whole tree): the reaper's report, or
// nullopt when it was killed before it could make one. Closes report_fd.
std::optional<CountedReport> read_counted_report(CountedSpawn& spawn);

// The reaper exits with the command's status as a shell reports it (the
// exit code, or 128+N for signal N), so a caller may also ignore the report.
int shell_status(int wait_status);

// Runs argv (looked up in PATH) with the caller's stdio under a counting
// reaper and waits for it; status 127 when argv[0] cannot be run. nullopt
// when namespaces are refused.
struct CountedRun {
  int status = 0;  // as shell_status()
  uint64_t processes = 0;
  rusage usage{};  // of the whole tree
};
std::optional<CountedRun> run_counted(const std::vector<std::string>& argv);

// Whether this process may create the namespaces; probed once. When not,
// `why` (if given) receives the reason.
bool process_counting_available(std::string* why = nullptr);

}  // namespace forklift::harness::bench
