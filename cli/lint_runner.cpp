#include "cli/lint_runner.h"

#include <exception>

#include "cli/parallel_for.h"
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
  parallel_for(jobs.size(), [&](size_t i) {
    outcomes[i] = lint_one(jobs[i]);
    progress.advance();
  });
  return outcomes;
}

}  // namespace forklift::cli
