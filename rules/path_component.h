// `$(basename "$p")` / `$(dirname "$p")`: the parameter a path utility is applied to.
#pragma once

#include "analyzer/ast.h"
#include "analyzer/semantic_model.h"
#include "rules/findings.h"

namespace forklift {

struct PathCall {
  const Node* substitution = nullptr;
  const Node* command = nullptr;
  const Node* parameter = nullptr;  // `$p`, `"$p"`, `$0`, `"$1"`
  const Node* suffix = nullptr;     // basename's second operand, if any
};

std::vector<PathCall> find_path_calls(const SemanticModel& model, std::string_view utility);

// A rewrite of the call needs `needed` of its operand's value, and the
// operand quoted (unquoted, it is split into several operands).
void require_path_facts(const SemanticModel& model, const PathCall& call, std::initializer_list<ValueFact> needed,
                        FixSafety& safety);

}  // namespace forklift
