// What differs between two runs of a script: stdout, stderr, exit status,
// the files left behind.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/script_runner.h"

namespace forklift::harness {

struct Difference {
  std::string what;                          // "stdout", "stderr", "exit status", "file NAME"
  std::optional<std::string> before, after;  // the two versions of it; nullopt: a file that is absent
};

// What stands for a run's sandbox directory in what it printed and left.
inline constexpr std::string_view kSandboxPlaceholder = "$FORKLIFT_SANDBOX";
// What stands for the duration in the lines `time` prints (`real\t0m0.04s`).
inline constexpr std::string_view kDurationPlaceholder = "<duration>";

// The differences between two runs that both ran, in the order stdout,
// stderr, exit status, files by name. Empty when they behaved the same.
// Each run's sandbox directory is replaced by kSandboxPlaceholder first
// (`pwd` in two fresh directories prints two names), and the durations of
// `time`'s report lines on stdout and stderr by kDurationPlaceholder.
std::vector<Difference> compare_runs(const RunOutcome& first, const RunOutcome& second);

// The run as compare_runs sees it: output and files with those masks applied.
RunOutcome normalized_for_comparison(const RunOutcome& run);

}  // namespace forklift::harness
