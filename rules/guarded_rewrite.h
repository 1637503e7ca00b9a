// Guarded rewrites: a fix that is exact except for values with a few traits
// a `case` pattern tests (a leading `-`, a backslash, a newline, a trailing
// `/`, ...) keeps the original command for those values and runs the rewrite
// for all others:
//
//     case $x in -* | *\\*) v=$(echo "$x" | sed 's,/[^/]*$,,') ;; *) v=${x%/*} ;; esac
//
// The statement stays on the lines it was on, so `$LINENO` and the line
// numbers of error messages after it do not move. Every rule that guards
// goes through here, and so does the fork census that recognises the shape.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic_model.h"
#include "rules/diagnostic.h"
#include "rules/findings.h"
#include "rules/rule.h"

namespace forklift {

struct Guard {
  std::string variable;             // `x` of `case $x in`
  std::vector<ValueTrait> traits;   // those whose values keep the original command
};

// The guard that makes the fix `safety` describes safe when it replaces the
// whole `statement`; nullopt, with `refusal` set when a guard would have
// been possible but something a pattern cannot test stands in the way
// (reading the variable twice may differ). Under `set -u`, a variable that
// may be unset is read as `${x-}`, and an empty value keeps the original.
std::optional<Guard> guard_for(const SemanticModel& model, const Node* statement, const FixSafety& safety,
                               std::string* refusal);

// Downgrades `safety` when the script may run with `set -u` and `$name` may
// be unset at `use`: the original reads it inside `$( )` (or in a part of a
// pipeline, or in a redirection), where the error ends only that subshell or
// command (the statement's status is the pipeline's, the script goes on),
// while a rewrite reads it in the shell itself and ends the script; a
// rewrite that no longer reads it (`wc -l` of a one-line value is `1`) goes
// on where the original failed. Recorded as the trait Unset: a guard on
// `${name-}` keeps the original for an unset value. `original` names where
// the original reads it.
void require_set_under_nounset(const SemanticModel& model, std::string_view name, const Node* use, FixSafety& safety,
                               std::string_view original = "the `$( )` subshell");

// The patterns of `trait` in `dialect` (`-*`, `*$'\n'*`; sh has no `$'…'`:
// there a newline is tested as `[[:cntrl:]]`, which also sends the other
// control characters to the original command).
std::vector<std::string> guard_patterns(ValueTrait trait, Dialect dialect);

// "values starting with `-` or holding a backslash".
std::string guarded_values(const Guard& guard, Dialect dialect);
// "values starting with `-` or holding a backslash keep the original command".
std::string guard_description(const Guard& guard, Dialect dialect);

// `case $x in PATTERNS) ORIGINAL ;; *) FAST ;; esac`, ORIGINAL the
// statement's text as written; `more_patterns` after the traits' (the
// numbers past a range, for NotFieldNumber).
std::string guarded_text(const SemanticModel& model, const Node* statement, const Guard& guard,
                         std::string_view fast, const std::vector<std::string>& more_patterns = {});

// `$RANDOM`, `$SECONDS`, `$BASHPID`, …: a guard would read a value other
// than the command's.
bool reads_differently(std::string_view variable);

// Attaches the fix whose edit is `plain` (inside `statement`, or anywhere
// when `statement` is null): as it is when `safety` is safe or no guard
// applies, else as a safe guarded rewrite of the whole statement.
void attach_guardable_fix(const LintContext& context, Diagnostic& diagnostic, FixSafety safety, std::string title,
                          Edit plain, const Node* statement);

// The traits of the guard whose fallback arm (the first one) holds `node`:
// a `case $x in` with at least two arms whose first arm's patterns are only
// guard patterns and whose last arm is `*)`. nullopt elsewhere. Rules leave
// the commands in such an arm alone (they are the fallback of a rewrite),
// and the fork census counts them apart.
// With `variable`, only a guard on that variable counts.
std::optional<Guard> guard_around(const SemanticModel& model, const Node* node, std::string_view variable = {});

}  // namespace forklift
