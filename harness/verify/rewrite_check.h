// Checking that a rewritten script behaves like the original: both run on the
// same arguments, stdin, environment and input files, each in its own fresh
// directory and under the original's name, and what they print, the status
// they exit with and the files they leave must be the same.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "harness/script_runner.h"
#include "harness/verify/run_comparison.h"

namespace forklift::harness {

enum class Verdict { Equivalent, Different, CouldNotRun };

std::string_view verdict_name(Verdict verdict);  // "equivalent", "different", "could not run"

struct RewriteCheck {
  std::string shell;
  Verdict verdict = Verdict::Equivalent;
  std::vector<Difference> differences;  // what made it Different
  std::string note;                     // why it could not run, or which run differed and how
  int runs = 0;                         // runs of each script done
  bool sandbox_failed = false;          // a run's sandbox could not be made (CouldNotRun; `note` says why)
};

// Runs both scripts `runs` times under `settings` (its `script` and
// `script_name` are replaced; TIMEFORMAT is empty unless settings.env sets it). The first difference ends the check. A script
// whose own runs disagree (flaky output) makes the check Different, with the
// two runs that disagreed as differences. When neither script could run the
// check could not run; when only one could, they are Different, unless its
// sandbox could not be made: that is no verdict on the script. Under the
// bundled interpreter, a script that called a bash or ksh93 builtin it lacks
// (harness/verify/foreign_commands.h) could not run either.
RewriteCheck check_rewrite(const std::filesystem::path& original, const std::filesystem::path& rewritten,
                           ScriptRun settings, int runs);

}  // namespace forklift::harness
