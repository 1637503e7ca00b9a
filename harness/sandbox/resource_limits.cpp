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

// `value` (0: none), or the caller's hard limit where that is lower.
uint64_t within_hard_limit(int resource, uint64_t value) {
  struct rlimit current {};
  if (value == 0 || ::getrlimit(resource, &current) != 0) return value;
  return current.rlim_max != RLIM_INFINITY && current.rlim_max < value ? current.rlim_max : value;
}

bool limit(int resource, uint64_t value) {
  value = within_hard_limit(resource, value);
  if (value == 0) return true;
  struct rlimit lowered {static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
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

ResourceLimits within_hard_limits(const ResourceLimits& limits) {
  ResourceLimits lowered;
  lowered.cpu_seconds = within_hard_limit(RLIMIT_CPU, limits.cpu_seconds);
  lowered.memory_bytes = within_hard_limit(RLIMIT_AS, limits.memory_bytes);
  lowered.processes = within_hard_limit(RLIMIT_NPROC, limits.processes);
  lowered.file_bytes = within_hard_limit(RLIMIT_FSIZE, limits.file_bytes);
  return lowered;
}

std::vector<std::string> prlimit_command(const std::string& prlimit, const ResourceLimits& limits,
                                         const std::vector<std::string>& argv) {
  std::vector<std::string> command{prlimit};
  auto add = [&command](const char* option, uint64_t value) {
    if (value != 0) command.push_back(std::string(option) + "=" + std::to_string(value));
  };
  add("--cpu", limits.cpu_seconds);
  add("--as", limits.memory_bytes);
  add("--nproc", limits.processes);
  add("--fsize", limits.file_bytes);
  command.push_back("--core=0");
  command.push_back("--");
  command.insert(command.end(), argv.begin(), argv.end());
  return command;
}

bool apply_limits(const ResourceLimits& limits) {
  struct rlimit no_core_dumps {0, 0};
  return limit(RLIMIT_CPU, limits.cpu_seconds) && limit(RLIMIT_AS, limits.memory_bytes) &&
         limit(RLIMIT_NPROC, limits.processes) && limit(RLIMIT_FSIZE, limits.file_bytes) &&
         ::setrlimit(RLIMIT_CORE, &no_core_dumps) == 0;
}

}  // namespace forklift::harness
