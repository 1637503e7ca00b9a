#include "harness/verify/rewrite_check.h"

#include <fmt/format.h>

#include "harness/verify/foreign_commands.h"

namespace forklift::harness {
namespace {

// One run, described for a difference in whether it ran.
std::string how_it_ended(const RunOutcome& outcome) {
  return outcome.ran ? fmt::format("ran, exit status {}", outcome.exit_status) : outcome.error;
}

// Runs that did not both complete.
RewriteCheck judge_failed_runs(RewriteCheck check, const RunOutcome& before, const RunOutcome& after) {
  if (before.sandbox_failed || after.sandbox_failed) {
    // Not the script's doing: it says nothing of the rewrite either way.
    check.verdict = Verdict::CouldNotRun;
    check.sandbox_failed = true;
    check.note = before.sandbox_failed ? before.error : after.error;
  } else if (!before.ran && !after.ran) {
    check.verdict = Verdict::CouldNotRun;
    check.note = before.error == after.error ? before.error
                                             : fmt::format("original: {}; rewritten: {}", before.error, after.error);
  } else {
    check.verdict = Verdict::Different;
    check.note = fmt::format("only the {} ran", before.ran ? "original" : "rewritten script");
    check.differences.push_back({"run", how_it_ended(before), how_it_ended(after)});
  }
  return check;
}

// The differences between two runs of one script, labelled as such.
std::vector<Difference> run_to_run(const RunOutcome& first, const RunOutcome& later, std::string_view which,
                                   int run) {
  std::vector<Difference> differences = compare_runs(first, later);
  for (Difference& d : differences) d.what = fmt::format("{} of the {} (run 1 vs run {})", d.what, which, run);
  return differences;
}

// Both scripts failed on a builtin of another shell that the bundled
// interpreter lacks: that they agree says nothing about the rewrite.
void flag_foreign_command(RewriteCheck& check, const RunOutcome& original) {
  if (check.shell != "forklift" || check.verdict != Verdict::Equivalent) return;
  std::optional<ForeignCommand> foreign = foreign_command_not_found(original.err);
  if (!foreign) return;
  check.verdict = Verdict::CouldNotRun;
  check.note = fmt::format("the bundled interpreter has no `{}` ({} builtin); verify with --shell {}", foreign->name,
                           foreign->shell, foreign->shell);
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::Equivalent: return "equivalent";
    case Verdict::Different: return "different";
    case Verdict::CouldNotRun: return "could not run";
  }
  return "";
}

RewriteCheck check_rewrite(const std::filesystem::path& original, const std::filesystem::path& rewritten,
                           ScriptRun settings, int runs) {
  RewriteCheck check{settings.shell};
  settings.script_name = original.filename().string();
  settings.count_processes = false;
  // `time` reports durations, which never agree: silenced (bash, ksh93 and
  // the bundled interpreter read TIMEFORMAT); --env may set it back.
  settings.env.insert(settings.env.begin(), {"TIMEFORMAT", ""});  // not compared, and background jobs would hold the run open
  RunOutcome first_before, first_after;
  for (int run = 1; run <= runs; ++run) {
    settings.script = original;
    RunOutcome before = run_script(settings);
    settings.script = rewritten;
    RunOutcome after = run_script(settings);
    check.runs = run;
    if (!before.ran || !after.ran) return judge_failed_runs(std::move(check), before, after);
    if (run > 1) {
      check.differences = run_to_run(first_before, before, "original", run);
      auto rewritten_changes = run_to_run(first_after, after, "rewritten script", run);
      check.differences.insert(check.differences.end(), rewritten_changes.begin(), rewritten_changes.end());
      if (!check.differences.empty()) {
        check.verdict = Verdict::Different;
        check.note = "flaky: the output changes from run to run, so the two scripts cannot be shown to agree";
        return check;
      }
    }
    check.differences = compare_runs(before, after);
    if (!check.differences.empty()) {
      check.verdict = Verdict::Different;
      if (runs > 1) check.note = fmt::format("in run {} of {}", run, runs);
      return check;
    }
    if (run == 1) {
      first_before = std::move(before);
      first_after = std::move(after);
    }
  }
  flag_foreign_command(check, first_before);
  return check;
}

}  // namespace forklift::harness
