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
};

// `bwrap OPTIONS… -- prlimit LIMITS… -- argv…`: the limits are set inside
// the sandbox, on the script alone.
std::vector<std::string> bubblewrap_command(const BubblewrapRun& run);

// The first line of what bwrap (or prlimit) said when it failed to set the
// sandbox up before the script ran: their messages start with their names,
// and they exit with status 1 having printed nothing on stdout. Empty when
// the run does not look like one.
std::string bubblewrap_setup_error(int exit_status, const std::string& out, const std::string& err);

// The "child-pid" of what bwrap wrote to its --info-fd; -1 when absent.
int bubblewrap_child_pid(const std::string& info);

}  // namespace forklift::harness
