// The resource limits of a sandboxed script: CPU time, address space,
// processes, file size, no core dumps. Set in the process that becomes the
// shell, inside the sandbox (never on what makes the sandbox: a process
// limit there would count every process of the user), so every descendant
// of the script inherits them.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace forklift::harness {

struct ResourceLimits {
  uint64_t cpu_seconds = 0;    // per process; the wall-clock timeout ends the run as a whole
  uint64_t memory_bytes = 0;   // address space per process; 0: no limit (AddressSanitizer builds)
  uint64_t processes = 0;      // processes and threads of the sandbox's user
  uint64_t file_bytes = 0;     // the largest file a process may write
};

// The largest file a sandboxed script may write: a script filling the disk
// is stopped there (SIGXFSZ, or EFBIG where the signal is ignored).
inline constexpr uint64_t kSandboxFileBytes = 64u << 20;
inline constexpr uint64_t kSandboxProcesses = 256;

// The limits for a run with this wall-clock timeout.
ResourceLimits limits_for(std::chrono::milliseconds timeout);

// `limits` lowered to the calling process's hard limits where those are
// lower: a limit is never raised.
ResourceLimits within_hard_limits(const ResourceLimits& limits);

// `prlimit LIMITS… -- argv…`: argv run under `limits` (which must be within
// the hard limits) by util-linux's prlimit, where this process cannot set
// them itself (inside bubblewrap's sandbox).
std::vector<std::string> prlimit_command(const std::string& prlimit, const ResourceLimits& limits,
                                         const std::vector<std::string>& argv);

// Applies `limits` to the calling process. Async-signal-safe (called between
// fork and exec). False, errno set, when the kernel refused one.
bool apply_limits(const ResourceLimits& limits);

}  // namespace forklift::harness
