// Building diagnostics and fixes the same way in every rule: the fix's
// applicability with its reasons, the fork cost, the message.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "rules/diagnostic.h"
#include "analyzer/semantic_model.h"
#include "rules/rule.h"

namespace forklift {

// Collects why a fix is not safe; the weakest applicability wins.
class FixSafety {
 public:
  void downgrade(Applicability level, std::string reason);
  // What makes the fix safe ("`$f` does not end in `/` (…)"), said in the
  // message while nothing downgrades it.
  void prove(std::string proof);
  Applicability level() const { return level_; }
  bool safe() const { return level_ == Applicability::Safe; }
  std::string reason() const;  // the reasons, "; "-separated; the proofs when safe

 private:
  Applicability level_ = Applicability::Safe;
  std::vector<std::string> reasons_;
  std::vector<std::string> proofs_;
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
