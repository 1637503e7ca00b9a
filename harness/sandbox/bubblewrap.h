// The bwrap command line of a sandboxed run: the same confinement as the
// namespaces made directly (everything read-only but the run directory,
// private /tmp, no network, a PID namespace that dies with its first
// process), made by bubblewrap.
#pragma once

#include <string>
#include <vector>

namespace forklift::harness {

// `bwrap OPTIONS… -- argv…`, run in `cwd`; `run_dir` stays writable. With
// `info_fd` >= 0, bwrap writes there the PID (as seen outside) of the
// sandbox's first process, whose end is the end of every process inside.
std::vector<std::string> bubblewrap_command(const std::string& bwrap, const std::string& run_dir,
                                            const std::string& cwd, const std::vector<std::string>& argv,
                                            int info_fd = -1);

// The "child-pid" of what bwrap wrote to its --info-fd; -1 when absent.
int bubblewrap_child_pid(const std::string& info);

}  // namespace forklift::harness
