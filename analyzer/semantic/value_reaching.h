// Reaching definitions, for value facts: at each read of a variable outside
// function bodies, the definitions whose value it may read, along the
// control flow of the script.
//
// The script is walked in the order it runs: statements in sequence, the
// branches of `if`, `case`, `&&` and `||` joined, loops until their state at
// the top no longer grows (the state before the loop joined with the state at
// the end of the body and at each `continue`; `break` joins the state after
// the loop), subshells, command substitutions, background jobs and all but
// the last stage of a pipeline leaving the state as it was. A definition that
// runs for certain replaces the ones before it; one that may not run (a
// prefix assignment of a command, a `read` with a redirection, `${x:=w}`, an
// assignment in a `?:` or behind `&&` in arithmetic) is added to them.
// Function bodies are not walked: a call adds every definition of a global
// the function or the functions it calls make, and a read inside a function
// body is not answered here. `eval`, `.`, `source`, a call of a function that
// runs one, and a command whose name is an expansion that may name a function
// that does, make every variable unknown; once such code may have run, so
// does a call of a name that may be a function it defined (no function of
// the script, no builtin, no standard utility).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <absl/container/inlined_vector.h>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/scopes.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

// The definitions that may reach one read; `outside` when the value may be
// unset or come from the environment, `opaque` when code the model cannot
// see may have assigned it. Either makes the value unknown.
struct ReachingSet {
  std::vector<uint32_t> definitions;  // ids into ReachingDefinitions::definitions(), ascending
  bool outside = false;
  bool opaque = false;
};

class ReachingDefinitions {
 public:
  struct DefinitionRef {
    const Variable* variable = nullptr;
    const Definition* definition = nullptr;
  };

  ReachingDefinitions(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes, Dialect dialect);

  // Every definition of every variable: a variable's definitions have
  // consecutive ids, in its order, from first_definition(variable).
  const std::vector<DefinitionRef>& definitions() const { return definitions_; }
  uint32_t first_definition(const Variable& variable) const;
  // What may reach the read `use` (a ParamExp of an identifier); nullptr for a
  // read inside a function body or of a variable the script never defines.
  const ReachingSet* at(const Node* use) const;
  // The calls of functions that may assign `variable` (in their body or the
  // functions they call) or run code that may assign anything.
  std::vector<const Node*> assigning_calls(const Variable& variable) const;

 private:
  using DefSet = absl::InlinedVector<uint32_t, 2>;
  struct State;
  struct LoopContext;
  struct Summary {
    std::vector<uint32_t> definitions;  // of globals, ascending
    bool opaque = false;
    bool jumps = false;  // a `break` or `continue` that leaves the caller's loop (bash)
    bool calls_unknown = false;  // calls a name that may be a function unseen code defined
  };

  void index_definitions();
  void summarize_functions();
  void walk(const Node* node, State& state);
  void walk_kids(const Node* node, State& state);
  void walk_command(const Node* command, State& state);
  void walk_if(const Node* node, State& state);
  void walk_case(const Node* node, State& state);
  void walk_condition_loop(const Node* node, State& state);
  void walk_for(const Node* node, State& state);
  void walk_arith_for(const Node* node, State& state);
  void apply_definitions(const Node* node, State& state, bool certain);
  void apply_summary(const Summary& summary, State& state);
  void jump(const Node* command, bool to_end, State& state);
  enum class DynamicCall { None, Function, Unseen };
  DynamicCall dynamic_call(const Node* command, const State& state) const;
  void record_use(const Node* param, const State& state);
  State join(const State& a, const State& b) const;
  void join_into(State& into, const State& from) const;
  bool converged(const State& a, const State& b) const;
  void widen(const State& before, State& state) const;
  void make_unknown(State& state) const;
  State initial_state() const;
  void make_opaque(State& state) const;
  bool may_be_unseen_function(std::string_view name) const;

  std::string_view source_;
  const TreeIndex& tree_;
  const ScopeIndex& scopes_;
  Dialect dialect_;
  std::vector<DefinitionRef> definitions_;
  absl::flat_hash_map<const Variable*, uint32_t> first_definition_;
  // Globals get a slot in the state; a definition's slot is its variable's.
  absl::flat_hash_map<const Variable*, uint32_t> slot_of_;
  std::vector<uint32_t> slot_of_definition_;
  size_t slot_count_ = 0;
  // The definitions each node makes when it runs (outside function bodies).
  absl::flat_hash_map<const Node*, std::vector<uint32_t>> made_by_;
  std::vector<Summary> summaries_;     // by index in ScopeIndex::functions()
  Summary any_function_;               // what a call of an unknown function may do
  Summary trap_functions_;             // what the functions a `trap` names may do at any time
  absl::flat_hash_map<const Node*, ReachingSet> reaching_;
  std::vector<LoopContext*> loops_;
  int uncertain_ = 0;  // > 0 while walking code that may not run
};

}  // namespace forklift
