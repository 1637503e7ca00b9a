#include "harness/bench/comparison.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace forklift::harness::bench {
namespace {

constexpr size_t kVariants = 2;  // 0 the original, 1 the rewrite

// An empty script file, removed on destruction.
class EmptyScript {
 public:
  EmptyScript() {
    char name[] = "/tmp/forklift-bench-empty-XXXXXX";
    int fd = mkstemp(name);
    if (fd >= 0) {
      close(fd);
      path_ = name;
    } else {
      error_ = std::strerror(errno);
    }
  }
  ~EmptyScript() {
    if (!path_.empty()) unlink(path_.c_str());
  }
  EmptyScript(const EmptyScript&) = delete;
  EmptyScript& operator=(const EmptyScript&) = delete;

  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }

 private:
  std::string path_, error_;
};

// What the shell itself costs in processes (the bundled interpreter runs
// scripts on a thread of its own, which takes a PID): one run of an empty script.
std::optional<uint64_t> shell_overhead(const ScriptRun& like, std::string& error) {
  EmptyScript empty;
  if (empty.path().empty()) {
    error = "cannot create a temporary file: " + empty.error();
    return std::nullopt;
  }
  ScriptRun run;
  run.shell = like.shell;
  run.script = empty.path();
  run.script_name = like.script_name;
  run.forklift_binary = like.forklift_binary;
  run.timeout = like.timeout;
  run.keep_files = false;
  RunOutcome outcome = run_script(run);
  if (!outcome.ran) error = fmt::format("{}: cannot run an empty script: {}", like.shell, outcome.error);
  return outcome.processes;
}

std::optional<uint64_t> median_count(std::vector<uint64_t> counts, std::optional<uint64_t> overhead) {
  if (counts.empty() || !overhead) return std::nullopt;
  std::nth_element(counts.begin(), counts.begin() + static_cast<long>(counts.size() / 2), counts.end());
  uint64_t median = counts[counts.size() / 2];
  return median > *overhead ? median - *overhead : 0;
}

}  // namespace

size_t runs_in(const ComparisonPlan& plan) { return 1 + kVariants * (plan.runs + plan.warmup); }

ComparisonOutcome compare(const ComparisonPlan& plan, const std::function<void()>& after_each_run) {
  ComparisonOutcome outcome;
  std::optional<uint64_t> overhead = shell_overhead(plan.original, outcome.error);
  after_each_run();
  if (!outcome.error.empty()) return outcome;

  const ScriptRun* runs[kVariants] = {&plan.original, &plan.rewritten};
  VariantTiming timing[kVariants];
  std::vector<uint64_t> counts[kVariants];
  bool counted[kVariants] = {true, true};
  for (const Trial& trial : interleaved_trials(kVariants, plan.runs, plan.warmup)) {
    RunOutcome run = run_script(*runs[trial.variant]);
    after_each_run();
    if (!run.ran) {
      outcome.error = fmt::format("{}: {}: {}", plan.original.shell, runs[trial.variant]->script.string(), run.error);
      return outcome;
    }
    if (trial.warmup) continue;
    VariantTiming& t = timing[trial.variant];
    t.wall_ms.push_back(std::chrono::duration<double, std::milli>(run.wall).count());
    t.exit_status = run.exit_status;
    if (run.processes) {
      counts[trial.variant].push_back(*run.processes);
    } else {
      counted[trial.variant] = false;
    }
  }
  Comparison c;
  c.shell = plan.original.shell;
  for (size_t v = 0; v < kVariants; ++v) {
    timing[v].wall = summarize(timing[v].wall_ms);
    if (counted[v]) timing[v].processes = median_count(counts[v], overhead);
  }
  c.original = std::move(timing[0]);
  c.rewritten = std::move(timing[1]);
  c.speedup = speedup(c.original.wall, c.rewritten.wall);
  outcome.comparison = std::move(c);
  return outcome;
}

}  // namespace forklift::harness::bench
