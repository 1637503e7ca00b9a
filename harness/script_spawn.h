// Starting the shell of one run under the run's sandbox: stdin from a file,
// stdout and stderr on pipes, the working directory, every signal at its
// default, and (sandboxed) the resource limits.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/bench/process_count.h"
#include "harness/sandbox/resource_limits.h"
#include "harness/sandbox/sandbox_choice.h"
#include "harness/unique_fd.h"

namespace forklift::harness {

struct ShellLaunch {
  std::vector<std::string> argv;  // argv[0] is the program's path
  std::vector<std::string> env;   // NAME=VALUE
  std::string cwd;
  std::string stdin_path;
  std::string run_dir;            // the only directory a sandboxed shell may write (cwd is inside)
  SandboxChoice sandbox;
  ResourceLimits limits;          // applied to the shell when sandboxed
  bool count_processes = false;
};

struct ShellProcess {
  // The shell, or the first process of its sandbox: killing it and its
  // process group with SIGKILL ends everything the script started.
  pid_t pid = -1;
  UniqueFd out, err;
  // Set when the shell runs under a counting or confining reaper, whose
  // report gives the exit status, the count and a failed set-up.
  std::optional<bench::CountedSpawn> counted;
  bool report_processes = false;  // the reaper's count is wanted
  // Under bubblewrap: a pidfd of the sandbox's first process, which bwrap
  // kills when it dies itself, but asynchronously; its end is the end of
  // every process inside, which is what a caller waits for.
  UniqueFd sandbox_init;
  // bwrap reported no sandbox: whatever it exits with is its own failure.
  bool sandbox_failed = false;
};

// The sandbox could not be made: nothing of the script ran.
struct SandboxSetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws SandboxSetupError when the sandbox's namespaces cannot be made,
// std::system_error when the shell cannot be started.
ShellProcess spawn_shell(const ShellLaunch& launch);

// Kills everything `shell` started and waits for the end of the sandbox's
// last process (a bounded wait), then reaps the shell.
void end_shell(ShellProcess& shell, int& wait_status, rusage& usage);

}  // namespace forklift::harness
