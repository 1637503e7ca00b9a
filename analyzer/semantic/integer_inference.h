// Integer inference: whether a variable certainly holds a canonical decimal
// integer (no sign surprises, no leading zeros, never empty) where it is read.
//
// Integers come from literals, arithmetic results, `integer`/`typeset -i`
// variables, `$#`, `$?`, `$$`, `${#v}`, `expr a + b` of integers, and other
// variables that are integers. `read`, positional parameters, command output
// and the environment are unknown. A variable is an integer when every one of
// its definitions produces one (greatest fixed point, so a counter that starts
// at a literal and is only incremented qualifies) and a definition precedes
// the use on every path (a definition earlier in an enclosing list) and no
// code the model cannot see (`eval`, `.`, opaque_code.h) may run between
// them.
// Values are assumed to stay within the shell's 64-bit range.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/opaque_code.h"
#include "analyzer/semantic/scopes.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

class IntegerInference {
 public:
  IntegerInference(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes, const OpaqueCode& opaque,
                   Dialect dialect);

  // `$name` read at `use` (a ParamExp, ArithVariable or any node at that place).
  bool certainly_integer(std::string_view name, const Node* use) const;
  // Every expansion of the Word is a canonical decimal integer.
  bool integer_word(const Node* word) const;
  // The arithmetic expression evaluates to an integer (not a ksh93 float).
  bool integer_arithmetic(const Node* expression) const;
  // The integer is also >= 0 on every path: counters that start at a
  // non-negative literal and only count up, lengths, `$#`, `$?`.
  bool certainly_non_negative(std::string_view name, const Node* use) const;
  bool non_negative_word(const Node* word) const;
  bool non_negative_arithmetic(const Node* expression) const;
  // Why certainly_integer() is false, for messages: "`$x` comes from `read` (line 4)".
  std::string explain_unknown(std::string_view name, const Node* use) const;
  // A definition of `name` precedes `use` on every path.
  bool defined_before(std::string_view name, const Node* use) const;

 private:
  using Facts = absl::flat_hash_map<const Variable*, bool>;
  void solve();
  void refine(Facts& facts, const std::function<bool(const Variable&, const Definition&)>& holds);
  bool definition_non_negative(const Definition& definition) const;
  bool non_negative_candidate(std::string_view name, const Node* at) const;
  bool definition_integer(const Variable& variable, const Definition& definition) const;
  bool for_items_integer(const Node* loop) const;
  bool seq_of_literals(const Node* word) const;
  bool expr_integer(const Node* substitution) const;
  bool candidate(std::string_view name, const Node* at) const;
  bool defines_unconditionally(const Node* statement, std::string_view name) const;
  int line_of(const Node* node) const;

  std::string_view source_;
  const TreeIndex& tree_;
  const ScopeIndex& scopes_;
  const OpaqueCode& opaque_;
  Dialect dialect_;
  Facts integer_;
  Facts non_negative_;
};

}  // namespace forklift
