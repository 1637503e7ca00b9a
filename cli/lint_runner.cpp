#include "cli/lint_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include "cli/progress_bar.h"

namespace forklift::cli {
namespace {

LintOutcome lint_one(const LintJob& job) {
  LintOutcome outcome;
  LoadResult load = job.stdin_text ? make_source(job.path, *job.stdin_text) : load_source(job.path);
  if (!load.file) {
    outcome.error = load.error;
    return outcome;
  }
  try {
    outcome.result = lint_source(*load.file, job.settings.options);
    outcome.source = std::move(load.file);
  } catch (const std::exception& e) {
    // A bug in a rule must not take the other files down with it.
    outcome.error = job.path + ": internal error while linting: " + e.what();
  }
  return outcome;
}

}  // namespace

std::vector<LintOutcome> lint_all(const std::vector<LintJob>& jobs, bool show_progress) {
  std::vector<LintOutcome> outcomes(jobs.size());
  ProgressBar progress(jobs.size(), show_progress);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < jobs.size(); i = next++) {
      outcomes[i] = lint_one(jobs[i]);
      progress.advance();
    }
  };
  size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), jobs.size());
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& thread : pool) thread.join();
  return outcomes;
}

}  // namespace forklift::cli
