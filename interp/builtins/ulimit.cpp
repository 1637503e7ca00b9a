// ulimit: resource limits, reported and set as ksh93u+m does on Linux.
#include <limits.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

constexpr int kNotALimit = -1;     // a fixed system value, reported only
constexpr int kUnsupported = -2;   // "not supported" on this system

struct LimitKind {
  char option;
  const char* label;
  int resource;     // RLIMIT_*, or kNotALimit / kUnsupported
  rlim_t unit;      // bytes (or seconds...) per unit shown
  long fixed = 0;   // the value of a kNotALimit entry
};

// In the order of `ulimit -a`.
const LimitKind kLimits[] = {
    {'M', "address space limit (Kibytes)", RLIMIT_AS, 1024},
    {'c', "core file size (blocks)", RLIMIT_CORE, 512},
    {'t', "cpu time (seconds)", RLIMIT_CPU, 1},
    {'d', "data size (Kibytes)", RLIMIT_DATA, 1024},
    {'f', "file size (blocks)", RLIMIT_FSIZE, 512},
    {'k', "kqueues", kUnsupported, 1},
    {'x', "locks", RLIMIT_LOCKS, 1},
    {'l', "locked address space (Kibytes)", RLIMIT_MEMLOCK, 1024},
    {'q', "message queue size (Kibytes)", RLIMIT_MSGQUEUE, 1024},
    {'e', "nice", RLIMIT_NICE, 1},
    {'n', "nofile", RLIMIT_NOFILE, 1},
    {'V', "novmon", kUnsupported, 1},
    {'u', "nproc", RLIMIT_NPROC, 1},
    {'P', "npts", kUnsupported, 1},
    {'p', "pipe buffer size (bytes)", kNotALimit, 1, PIPE_BUF},
    {'m', "max memory size (Kibytes)", RLIMIT_RSS, 1024},
    {'r', "rtprio", RLIMIT_RTPRIO, 1},
    {'R', "max time before blocking (microseconds)", RLIMIT_RTTIME, 1},
    {'b', "socket buffer size (bytes)", kNotALimit, 1, PIPE_BUF},
    {'i', "sigpend", RLIMIT_SIGPENDING, 1},
    {'s', "stack size (Kibytes)", RLIMIT_STACK, 1024},
    {'w', "swap size (Kibytes)", kUnsupported, 1},
    {'T', "threads", kUnsupported, 1},
    {'v', "process size (Kibytes)", RLIMIT_AS, 1024},
};

const LimitKind* find_limit(char option) {
  for (const LimitKind& kind : kLimits) {
    if (kind.option == option) return &kind;
  }
  return nullptr;
}

// The limits in effect, with the hard limit an in-process subshell set.
bool current_limit(Shell& shell, const LimitKind& kind, struct rlimit& rl) {
  if (::getrlimit(kind.resource, &rl) != 0) return false;
  auto it = shell.subshell_hard_limits().find(kind.resource);
  if (it != shell.subshell_hard_limits().end()) rl.rlim_max = it->second;
  return true;
}

std::string limit_value(Shell& shell, const LimitKind& kind, bool hard) {
  if (kind.resource == kUnsupported) return "not supported";
  if (kind.resource == kNotALimit) return std::to_string(kind.fixed);
  struct rlimit rl;
  if (!current_limit(shell, kind, rl)) return "not supported";
  rlim_t v = hard ? rl.rlim_max : rl.rlim_cur;
  if (v == RLIM_INFINITY) return "unlimited";
  return std::to_string(v / kind.unit);
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

int set_limit(Shell& shell, const LimitKind& kind, const std::string& text, bool hard, bool soft) {
  if (kind.resource < 0) {
    shell.error(fmt::format("ulimit: -{}: cannot set limit", kind.option));
    return 1;
  }
  rlim_t value = RLIM_INFINITY;
  if (text != "unlimited") {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!all_digits(text) || error != std::errc() || value > RLIM_INFINITY / kind.unit) {
      shell.error(fmt::format("ulimit: {}: invalid limit", text));
      return 1;
    }
    value *= kind.unit;
  }
  struct rlimit rl;
  current_limit(shell, kind, rl);
  if ((hard && value > rl.rlim_max && ::geteuid() != 0) || (soft && !hard && value > rl.rlim_max)) {
    shell.error(fmt::format("ulimit: -{}: limit exceeded [{}]", kind.option, std::strerror(EPERM)));
    return 1;
  }
  struct rlimit real;
  ::getrlimit(kind.resource, &real);
  shell.note_limit_change(kind.resource, real);
  if (hard && shell.in_subshell()) {
    shell.subshell_hard_limits()[kind.resource] = value;
  } else if (hard) {
    real.rlim_max = value;
  }
  if (soft) real.rlim_cur = value;
  if (::setrlimit(kind.resource, &real) != 0) {
    shell.error(fmt::format("ulimit: -{}: limit exceeded [{}]", kind.option, std::strerror(errno)));
    return 1;
  }
  return 0;
}

int builtin_ulimit(Shell& shell, std::vector<std::string>& argv) {
  bool hard = false, soft = false, all = false;
  std::vector<const LimitKind*> chosen;
  std::optional<size_t> first = scan_option_letters(argv, [&](char opt) {
    if (opt == 'H') hard = true;
    else if (opt == 'S') soft = true;
    else if (opt == 'a') all = true;
    else if (const LimitKind* kind = find_limit(opt)) chosen.push_back(kind);
    else {
      shell.error(fmt::format("ulimit: -{}: unknown option", opt));
      return false;
    }
    return true;
  });
  if (!first) return 2;
  size_t i = *first;
  std::string out;
  if (all) {
    for (const LimitKind& kind : kLimits) {
      out += fmt::format("{:<40}(-{})  {}\n", kind.label, kind.option, limit_value(shell, kind, hard && !soft));
    }
    shell.out().write(out);
    return 0;
  }
  if (chosen.empty()) chosen.push_back(find_limit('f'));
  if (i < argv.size()) {
    // Neither -H nor -S: both limits are set.
    if (!hard && !soft) hard = soft = true;
    return set_limit(shell, *chosen.back(), argv[i], hard, soft);
  }
  for (const LimitKind& kind : kLimits) {
    if (std::find(chosen.begin(), chosen.end(), &kind) == chosen.end()) continue;
    std::string value = limit_value(shell, kind, hard && !soft);
    out += chosen.size() > 1 ? fmt::format("{:<40}(-{})  {}\n", kind.label, kind.option, value) : value + "\n";
  }
  shell.out().write(out);
  return 0;
}

}  // namespace

void register_ulimit_builtin(BuiltinTable& table) { table["ulimit"] = Builtin{builtin_ulimit, false}; }

}  // namespace forklift::interp
