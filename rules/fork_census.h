// What a script forks, counted two ways for `forklift fix --statistics`:
// the external commands it runs inside loops and in all, per utility, and
// the findings of each rule with the forks they point at.
#pragma once

#include <map>
#include <string>

#include "analyzer/source_file.h"
#include "rules/linter.h"

namespace forklift {

struct SiteCount {
  int in_loops = 0;
  int total = 0;
  // Sites in the fallback arm of a guarded rewrite (rules/guarded_rewrite.h),
  // counted here and not above: they run only for the values the guard names.
  int guarded_in_loops = 0;
  int guarded_total = 0;
};

struct RuleForks {
  int findings = 0;
  double forks_in_loops = 0;  // forks per execution of the findings inside loops
  double forks_total = 0;
  // Of those, the findings whose safe fix is a guarded rewrite: their fork
  // stays in a fallback arm.
  double guarded_in_loops = 0;
  double guarded_total = 0;
  // Findings whose fix was not applied, by why: "needs --unsafe-fixes",
  // "display-only", "no translation" (no fix at all).
  std::map<std::string, int> why;
};

struct ForkCensus {
  bool parsed = false;
  std::map<std::string, SiteCount> sites;  // by utility (`sed`, `expr`, `$VAR` when unresolved)
  std::map<std::string, RuleForks> rules;  // by rule code
  // Fork sites inside loops in guards' fallback arms, by what the guard
  // names: "values starting with `-` or holding a backslash".
  std::map<std::string, int> guarded_values;
};

// Parses and lints `file` as `forklift lint` would with `options`.
ForkCensus take_fork_census(const SourceFile& file, const LintOptions& options);

}  // namespace forklift
