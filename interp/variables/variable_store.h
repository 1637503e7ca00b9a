// Variables in their scopes, with ksh93 rules: `function f` gets its own
// scope whose lookups fall through to the global one (static scoping), POSIX
// `f()` shares its caller's. Every write goes through here so that an
// in-process subshell can journal the old values and roll them back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/node_hash_map.h>

#include "interp/variables/variable.h"

namespace forklift::interp {

using Scope = absl::node_hash_map<std::string, Variable>;

// A resolved variable: namerefs followed; `subscript` is set when a nameref
// names an array element (`typeset -n r='a[2]'`).
struct VarRef {
  Variable* var = nullptr;
  std::string name;  // final (resolved) name
  std::string subscript;
  bool has_subscript = false;
  int scope = 0;
};

// A name resolved once and remembered: the variable (or its absence) seen
// under the name the last time, valid while the store's structure
// generation is unchanged. Namerefs are not followed: callers that find one
// take the slow path.
struct VarSlot {
  Variable* var = nullptr;
  int scope = 0;
  uint64_t generation = 0;  // 0: never resolved
};

class VariableStore {
 public:
  VariableStore();

  // The variable visible under `name` (local scope, then global), or null.
  // Does not follow namerefs.
  Variable* find_raw(std::string_view name);
  // The variable `name` of scope `scope` alone (0: global), or null.
  Variable* find_at(int scope, std::string_view name);
  // find_raw through a slot: a lookup only when variables were created or
  // erased, or the visible scope changed, since the slot was filled.
  Variable* find_slot(VarSlot& slot, std::string_view name) {
    if (slot.generation != structure_generation_) fill_slot(slot, name);
    return slot.var;
  }
  // Bumped whenever a name may resolve to another variable than before.
  uint64_t structure_generation() const { return structure_generation_; }
  // Follows namerefs; var is null when nothing is visible under the final name.
  VarRef resolve(std::string_view name);
  // The variable to assign to: follows namerefs, creates it in the global
  // scope when it is not visible. Journaled.
  VarRef resolve_for_write(std::string_view name);
  // The same two through a slot.
  VarRef resolve(VarSlot& slot, std::string_view name);
  VarRef resolve_for_write(VarSlot& slot, std::string_view name);
  // Creates (or returns) the variable in the innermost scope (typeset in a function).
  Variable& declare_local(std::string_view name);
  // Marks `var` (found in scope `scope` under `name`) as about to change.
  void will_modify(int scope, std::string_view name, Variable& var);
  void unset(std::string_view name);
  // The innermost scope (searching callers too, as ksh93 namerefs do) that
  // holds `name`, ignoring `self`; 0 (global) when none does.
  int scope_containing(std::string_view name, const Variable* self);

  void push_scope();
  void pop_scope();
  int depth() const { return static_cast<int>(scopes_.size()) - 1; }
  // Callers may insert or erase through these: slots are revalidated.
  Scope& global() {
    ++structure_generation_;
    return scopes_.front();
  }
  Scope& innermost() {
    ++structure_generation_;
    return scopes_.back();
  }

  // In-process subshells: changes after begin_subshell are undone by end_subshell.
  struct Mark {
    size_t journal_size;
    uint64_t previous_epoch;
    int previous_floor;
  };
  Mark begin_subshell();
  void end_subshell(const Mark& mark);

  // Every exported, set variable as NAME=VALUE (for spawning).
  std::vector<std::string> environment() const;

 private:
  struct JournalEntry {
    int scope;
    std::string name;
    bool existed;
    Variable old;
  };
  Variable* find_in(int scope, std::string_view name);
  void fill_slot(VarSlot& slot, std::string_view name);
  // resolve_for_write after the lookup: creates or journals.
  VarRef prepare_write(VarRef ref, std::string_view name);
  // The scope lookups start in: the innermost when it holds variables, else the global one.
  bool local_view() const { return scopes_.size() > 1 && !scopes_.back().empty(); }
  VarRef resolve_member_through_nameref(std::string_view name);
  Variable& create_in(int scope, std::string_view name);

  std::vector<Scope> scopes_;
  std::vector<JournalEntry> journal_;
  uint64_t epoch_ = 0;       // 0 = not in a subshell
  uint64_t next_epoch_ = 1;
  uint64_t structure_generation_ = 1;
  int journal_floor_ = 0;  // scopes below this index existed when the subshell began
};

}  // namespace forklift::interp
