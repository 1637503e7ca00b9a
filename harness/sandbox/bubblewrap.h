// The bwrap command line of a sandboxed run: the same confinement as the
// namespaces made directly (everything read-only but the run directory,
// private /tmp, no network, a PID namespace that dies with its first
// process), made by bubblewrap.
#pragma once

#include <string>
#include <vector>

#include "harness/sandbox/resource_limits.h"

namespace forklift::harness {

struct BubblewrapRun {
  std::string bwrap, prlimit;     // the programs
  std::string run_dir;            // stays writable
  std::string cwd;
  std::vector<std::string> argv;  // what runs in the sandbox, under `limits`
  ResourceLimits limits;
  // With info_fd >= 0, bwrap writes there the PID (as seen outside) of the
  // sandbox's first process, whose end is the end of every process inside.
  int info_fd = -1;
  // util-linux's setpriv, under root only (else empty): the script then runs
  // as kSandboxUserUnderRoot.
  std::string setpriv;
};

// The user a script runs as in bubblewrap's sandbox when the caller is root
// (nobody on Debian). The kernel never enforces RLIMIT_NPROC on a real user
// ID of 0 (nor on CAP_SYS_RESOURCE or CAP_SYS_ADMIN), so under root the
// process limit would be none and a fork bomb would fill the machine's
// process table. bwrap run by root cannot map the script's user to another
// outside (--uid only renames root inside), so the script leaves root itself.
// Without a user namespace of its own, the limit then counts that user's
// processes on the whole machine: few, as nothing else runs as nobody.
inline constexpr unsigned kSandboxUserUnderRoot = 65534;

// `bwrap OPTIONS… -- prlimit LIMITS… -- argv…`: the limits are set inside
// the sandbox, on the script alone. With run.setpriv, `setpriv` switches to
// kSandboxUserUnderRoot between prlimit and argv, which bwrap allows by
// keeping CAP_SETUID and CAP_SETGID: leaving root clears every capability.
std::vector<std::string> bubblewrap_command(const BubblewrapRun& run);

// Under root (run.setpriv set), the run directory must be the script's to
// write: hands `run_dir` and everything in it to kSandboxUserUnderRoot.
// Empty, or what failed.
std::string hand_run_dir_to_sandbox_user(const std::string& run_dir);

// The first line of what bwrap (or prlimit, or setpriv) said when it failed
// to set the sandbox up before the script ran: their messages start with
// their names, and they exit with status 1 having printed nothing on stdout. Empty when
// the run does not look like one.
std::string bubblewrap_setup_error(int exit_status, const std::string& out, const std::string& err);

// The "child-pid" of what bwrap wrote to its --info-fd; -1 when absent.
int bubblewrap_child_pid(const std::string& info);

}  // namespace forklift::harness
