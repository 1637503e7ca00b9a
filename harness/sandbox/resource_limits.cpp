#include "harness/sandbox/resource_limits.h"

#include <sys/resource.h>

namespace forklift::harness {
namespace {

// AddressSanitizer reserves terabytes of shadow memory at start-up, which
// any address-space limit would refuse.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

constexpr uint64_t kMemoryBytes = 4ull << 30;

bool limit(int resource, uint64_t value) {
  if (value == 0) return true;
  struct rlimit current {};
  if (::getrlimit(resource, &current) != 0) return false;
  // Never raise a limit the caller already has lower.
  rlim_t wanted = static_cast<rlim_t>(value);
  if (current.rlim_max != RLIM_INFINITY && current.rlim_max < wanted) wanted = current.rlim_max;
  struct rlimit lowered {wanted, wanted};
  return ::setrlimit(resource, &lowered) == 0;
}

}  // namespace

ResourceLimits limits_for(std::chrono::milliseconds timeout) {
  ResourceLimits limits;
  // A second beyond the timeout: the timeout, not SIGXCPU, ends a busy loop,
  // so that it is reported as one.
  limits.cpu_seconds = static_cast<uint64_t>(std::chrono::ceil<std::chrono::seconds>(timeout).count()) + 1;
  limits.memory_bytes = kAddressSanitizer ? 0 : kMemoryBytes;
  limits.processes = kSandboxProcesses;
  limits.file_bytes = kSandboxFileBytes;
  return limits;
}

bool apply_limits(const ResourceLimits& limits) {
  struct rlimit no_core_dumps {0, 0};
  return limit(RLIMIT_CPU, limits.cpu_seconds) && limit(RLIMIT_AS, limits.memory_bytes) &&
         limit(RLIMIT_NPROC, limits.processes) && limit(RLIMIT_FSIZE, limits.file_bytes) &&
         ::setrlimit(RLIMIT_CORE, &no_core_dumps) == 0;
}

}  // namespace forklift::harness
