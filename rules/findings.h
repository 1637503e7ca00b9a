// Building diagnostics and fixes the same way in every rule: the fix's
// applicability with its reasons, the fork cost, the message.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "rules/diagnostic.h"
#include "analyzer/semantic_model.h"
#include "rules/rule.h"

namespace forklift {

// What a `case` pattern tests of a value exactly (rules/guarded_rewrite.h):
// a fix that is unsafe only because one variable's value may have some of
// these can keep the original command for those values and be safe.
enum class ValueTrait {
  LeadingDash,      // `-*`
  Backslash,        // `*\\*`
  Newline,          // a newline anywhere
  TrailingNewline,  // a newline at the end
  Empty,            // `''`
  TrailingSlash,    // `*/`
  Slash,            // `*/*`
  RepeatedSlash,    // `*//*`
  NotInteger,       // not a decimal integer both `expr` and `$(( ))` read alike (no sign, no leading 0, <= 18 digits)
  NotFieldNumber,   // not a field number `cut -f` takes (as NotInteger, and not 0), or out of the rule's range
  Unset,            // unset under `set -u`: the guard reads `${x-}` and sends the empty value to the original
  SplitOrGlob,      // what an unquoted `$x` splits or globs: blanks, `*?[(`, a backslash (IFS never assigned)
};

// The trait whose absence `fact` is, if a pattern tests it: NoLeadingDash
// is the absence of LeadingDash.
std::optional<ValueTrait> trait_excluded_by(ValueFact fact);

// A reason a fix is unsafe that is one variable's value possibly having a
// trait.
struct MissingTrait {
  ValueTrait trait;
  std::string variable;  // `x` for `$x`, `1` for `$1`
};

// Collects why a fix is not safe; the weakest applicability wins.
class FixSafety {
 public:
  void downgrade(Applicability level, std::string reason);
  // Downgrades to unsafe because `$variable` may have `trait`; recorded as
  // such, so that a guard can test it (guard_for in rules/guarded_rewrite.h).
  void downgrade_for_trait(ValueTrait trait, std::string_view variable, std::string reason);
  // The same for a missing value fact: recorded as a trait when a pattern
  // tests its absence, as a plain reason otherwise.
  void downgrade_for_fact(ValueFact fact, std::string_view variable, std::string reason);
  // The traits that made the fix unsafe, in the order they were found.
  const std::vector<MissingTrait>& missing_traits() const { return traits_; }
  // Every reason the fix is not safe is a trait in missing_traits().
  bool only_traits_missing() const { return !safe() && !other_reasons_ && level_ == Applicability::Unsafe; }
  // What makes the fix safe ("`$f` does not end in `/` (…)"), said in the
  // message while nothing downgrades it.
  void prove(std::string proof);
  Applicability level() const { return level_; }
  bool safe() const { return level_ == Applicability::Safe; }
  std::string reason() const;  // the reasons, "; "-separated; the proofs when safe

 private:
  Applicability level_ = Applicability::Safe;
  std::vector<std::string> reasons_;
  void add_reason(Applicability level, std::string reason);

  std::vector<std::string> proofs_;
  std::vector<MissingTrait> traits_;
  bool other_reasons_ = false;
};

// The fix needs every fact of `needed` of `$name`'s value: the facts proven
// are named as why it is safe, and the first one missing downgrades it to
// `level` with the fact named.
void require_facts(const ValueFacts& facts, std::string_view name, std::initializer_list<ValueFact> needed,
                   Applicability level, FixSafety& safety);

Diagnostic make_diagnostic(const RuleInfo& info, const Node* node, std::string message);
// Attaches the fix; a fix that is not safe gets its reason appended to the message.
void attach_fix(Diagnostic& diagnostic, const FixSafety& safety, std::string title, std::vector<Edit> edits);
// Fills Diagnostic::cost for the processes `forking` starts, and mentions the
// cost in the message when it runs inside a loop.
void attach_cost(const LintContext& context, const Node* forking, Diagnostic& diagnostic);

Edit replace_node(const Node* node, std::string replacement);

// The common shape of a rewrite: a diagnostic on `node` with the cost of the
// processes it starts and a fix replacing it with `replacement`.
Diagnostic replacement_diagnostic(const LintContext& context, const RuleInfo& info, const Node* node,
                                  std::string message, const FixSafety& safety, const std::string& replacement);

// Downgrades `safety` when something consumes the exit status of `command`
// and the rewrite changes it: display-only when a condition, `&&`/`||`, `!`
// or `$?` tests it, unsafe under `set -e` or as a function's or script's result.
void require_status_unused(const LintContext& context, const Node* command, std::string_view change,
                           FixSafety& safety);

// The whitespace at the start of the line holding `offset`.
std::string indentation_at(std::string_view source, uint32_t offset);

}  // namespace forklift
