// Value facts: what is known of a variable's value where it is read, on
// every path to that read. Rules use them to prove a rewrite safe:
//
//     ValueFacts facts = model.value_facts(param_exp);
//     if (facts.has(ValueFact::NoNewline) && facts.has(ValueFact::NoLeadingDash)) ...
//     safety.downgrade(..., facts.missing(ValueFact::NoNewline));   // names what is not proven
//     message += facts.proof(ValueFact::NoTrailingSlash);           // names what made it safe
//
// Where the facts come from:
//  * the definitions that can reach the use along the control flow
//    (value_reaching.h; a use inside a function body takes every definition
//    of the variable), each with the facts of what it assigns (greatest fixed
//    point over definitions that read one another): literals,
//    arithmetic, `${#v}`, `read` (one line: no newline), `for` over literal
//    words, over split words (no newline, never empty) or over a glob
//    (`for f in /src/*.c`: starts with `/src/`, ends in `.c`, no trailing
//    `/`), words concatenated from parts whose facts are known
//    (`f=/var/log/$n.log`), `unset` (empty);
//  * a definition must precede the use on every path, or the value may be
//    unset or come from the environment, where nothing is known;
//  * `typeset -u`/`-l` keep what case cannot change, ksh's `-L`/`-R`/`-Z`
//    nothing, a nameref anywhere in the script nothing;
//  * guards refine the facts of a use after them or inside them: the arm of
//    a `case` on the variable, the branch of an `if` or `&&` on a test of it,
//    and a guard that leaves otherwise (`case $x in *[!0-9]*) exit;; esac`,
//    `[[ $x =~ ^[0-9]+$ ]] || exit`, `[ "$x" -eq "$x" ] 2>/dev/null || return`)
//    when the variable is not assigned between the guard and the use.
// `eval`, `.` and `source` may assign anything, and so may a call of a
// function that runs one (opaque_code.h): a use then trusts only a
// definition (and guards) after the last of them that can run before it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/integer_inference.h"
#include "analyzer/semantic/opaque_code.h"
#include "analyzer/semantic/scopes.h"
#include "analyzer/semantic/tree_index.h"
#include "analyzer/semantic/value_reaching.h"

namespace forklift {

enum class ValueFact : uint16_t {
  CanonicalInteger = 1u << 0,  // what printf %d prints: no leading zeros, never empty
  NoNewline = 1u << 1,
  NoTrailingNewline = 1u << 2, // what `$( )` would strip is not there
  NoLeadingDash = 1u << 3,     // not taken for an option (an empty value has none)
  NoBackslash = 1u << 4,       // echo in dash and ksh prints it as it is
  HasSlash = 1u << 5,
  NoSlash = 1u << 6,
  NoTrailingSlash = 1u << 7,   // the last character is not `/` (an empty value has none)
  NonEmpty = 1u << 8,
  NoGlobChars = 1u << 9,       // no `*`, `?`, `[`: unquoted in a pattern it matches itself
  Digits = 1u << 10,           // only 0-9 (possibly empty unless NonEmpty)
};

// "no newline", "no trailing `/`", ...
std::string_view fact_name(ValueFact fact);

// The facts of one value. A known prefix or suffix is literal text every
// value starts or ends with; `exact` when they are the whole value.
struct ValueFacts {
  uint16_t bits = 0;
  std::string prefix;
  std::string suffix;
  bool exact = false;
  // Where they come from or why one is missing, for messages:
  // "`$f` comes from `for f in *.c` (line 3)".
  std::string origin;

  bool has(ValueFact fact) const { return (bits & static_cast<uint16_t>(fact)) != 0; }
  bool has_all(std::initializer_list<ValueFact> facts) const;
  // "`$f` has no trailing `/`: `$f` comes from …" for a safe fix's message.
  std::string proof(ValueFact fact, std::string_view name) const;
  // "`$x` is not known to have no newline: `$x` is assigned input on line 4"
  // for the reason of an unsafe fix.
  std::string missing(ValueFact fact, std::string_view name) const;
  // The first of `facts` this value lacks, if any.
  std::optional<ValueFact> first_missing(std::initializer_list<ValueFact> facts) const;
};

// Facts of literal text.
ValueFacts literal_facts(std::string_view text);
// Facts common to two sets of facts (the meet): what holds of either value.
ValueFacts common_facts(const ValueFacts& a, const ValueFacts& b);
// Facts of `a` followed by `b`.
ValueFacts concatenated_facts(const ValueFacts& a, const ValueFacts& b);

class ValueFactIndex {
 public:
  ValueFactIndex(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                 const ReachingDefinitions& reaching, const OpaqueCode& opaque, const IntegerInference& integers,
                 Dialect dialect);

  // The facts of `$name` read at `use` (a ParamExp, or any node at that place).
  ValueFacts facts_at(std::string_view name, const Node* use) const;
  // The facts of the value of a plain ParamExp (`$x`, `${x}`, `$1`).
  ValueFacts facts_at(const Node* param_exp) const;
  // The facts of what a Word expands to when it is not split (an assignment's
  // value, a quoted argument).
  ValueFacts word_facts(const Node* word) const;

 private:
  void index_commands();
  void solve();
  ValueFacts definition_facts(const Variable& variable, const Definition& definition) const;
  ValueFacts assigned_facts(const Variable& variable, const Definition& definition) const;
  ValueFacts all_definitions_facts(const Variable& variable) const;
  ValueFacts reaching_facts(std::string_view name, const ReachingSet& reaching) const;
  ValueFacts everywhere_facts(std::string_view name, const Node* use) const;
  std::string describe_definitions(const Variable& variable) const;
  std::string describe_definition(const Variable& variable, const Definition& definition) const;
  ValueFacts for_item_facts(const Node* loop) const;
  ValueFacts part_facts(const Node* part, const Node* word) const;
  ValueFacts parameter_facts(const Node* param) const;
  ValueFacts variable_facts(std::string_view name, const Node* at) const;
  ValueFacts refined_by_guards(std::string_view name, const Node* use, ValueFacts facts) const;
  std::optional<ValueFacts> guard_proof(const Node* statement, std::string_view name) const;
  std::optional<ValueFacts> branch_proof(const Node* up, const Node* branch, std::string_view name) const;
  bool assigned_between(std::string_view name, const Node* guard, const Node* use) const;
  bool leaves(const Node* statement) const;
  bool defined_on_every_path(std::string_view name, const Node* use, int depth = 0) const;
  bool defined_at_every_call(std::string_view function, std::string_view name, int depth) const;
  int line_of(const Node* node) const;

  std::string_view source_;
  const TreeIndex& tree_;
  const ScopeIndex& scopes_;
  const IntegerInference& integers_;
  Dialect dialect_;
  const ReachingDefinitions& reaching_;
  const OpaqueCode& opaque_;
  std::vector<ValueFacts> definition_facts_;  // by ReachingDefinitions id
  absl::flat_hash_map<const Variable*, ValueFacts> facts_;  // every definition's, for uses in functions
  std::vector<uint32_t> line_starts_;  // offsets where lines begin
  bool traps_mention_functions_ = false;  // a `trap` runs code the calls above do not show
  bool has_nameref_ = false;              // an assignment may change another variable
  bool solving_ = false;
};

}  // namespace forklift
