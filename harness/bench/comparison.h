// Timing a script against its rewrite under one shell: warm-up runs, then
// measured runs alternating between the two, and the processes each spawned.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/bench/statistics.h"
#include "harness/script_runner.h"

namespace forklift::harness::bench {

struct VariantTiming {
  std::vector<double> wall_ms;  // the measured runs, in run order
  Summary wall;                 // of wall_ms
  // Processes the script spawned (the shell's own overhead, measured on an
  // empty script, taken off), when countable; the median over the runs.
  std::optional<uint64_t> processes;
  int exit_status = 0;  // of the last run
};

struct Comparison {
  std::string shell;
  VariantTiming original, rewritten;
  double speedup = 0;  // original median / rewritten median
};

struct ComparisonPlan {
  ScriptRun original, rewritten;  // the same but for the script; shell set
  size_t runs = 10;
  size_t warmup = 1;
};

// Runs the plan; `after_each_run` is called after every run (progress).
// Returns the reason instead when a run could not be made (shell missing,
// timeout, ...): a benchmark with holes would mislead.
struct ComparisonOutcome {
  std::optional<Comparison> comparison;
  std::string error;
};
ComparisonOutcome compare(const ComparisonPlan& plan, const std::function<void()>& after_each_run);

// How many runs compare() makes for a plan (for a progress bar), baseline included.
size_t runs_in(const ComparisonPlan& plan);

}  // namespace forklift::harness::bench
