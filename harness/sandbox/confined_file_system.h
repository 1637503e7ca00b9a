// The file system a sandboxed script sees, set up in a fresh mount namespace
// by the sandbox's first process: everything read-only but the run's own
// directory, a private /tmp and /dev/shm, and a /proc of its own PID
// namespace. /dev stays as it is (read-only), so /dev/null and /dev/tty work.
#pragma once

#include <string>
#include <vector>

namespace forklift::harness {

class ConfinedFileSystem {
 public:
  // `run_dir`: the absolute directory that stays writable (the run's
  // temporary directory, which holds the working directory).
  explicit ConfinedFileSystem(std::string run_dir);

  // Sets the mounts up. Async-signal-safe: called in a child of a possibly
  // multi-threaded process, before exec. Returns 0, or the errno of the step
  // that failed; `failed_step` then names it.
  int confine(const char** failed_step) const;

 private:
  std::string run_dir_;
  std::string tmp_options_;
  std::vector<std::string> run_dir_prefixes_;  // "/tmp", "/tmp/forklift-run-X", … to recreate under a private /tmp
};

}  // namespace forklift::harness
