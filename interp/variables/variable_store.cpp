#include "interp/variables/variable_store.h"
#include "interp/hash_key.h"

namespace forklift::interp {

namespace {
constexpr int kMaxNamerefDepth = 64;

// The `[` that opens the trailing subscript of `target` (`t.l[k].e[j]`: the
// one before j), or npos.
size_t trailing_subscript(std::string_view target) {
  if (target.empty() || target.back() != ']') return std::string_view::npos;
  int depth = 0;
  for (size_t i = target.size(); i-- > 0;) {
    if (target[i] == ']') ++depth;
    if (target[i] == '[' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

void split_subscript(std::string_view target, std::string& name, std::string& subscript, bool& has_subscript) {
  size_t bracket = trailing_subscript(target);
  if (bracket != std::string_view::npos) {
    name.assign(target.substr(0, bracket));
    subscript.assign(target.substr(bracket + 1, target.size() - bracket - 2));
    has_subscript = true;
  } else {
    name.assign(target);
  }
}
}  // namespace

VariableStore::VariableStore() { scopes_.emplace_back(); }

Variable* VariableStore::find_in(int scope, std::string_view name) {
  Scope& vars = scopes_[static_cast<size_t>(scope)];
  auto it = vars.find(hash_key(name));
  return it == vars.end() ? nullptr : &it->second;
}

void VariableStore::fill_slot(VarSlot& slot, std::string_view name) {
  slot.var = nullptr;
  if (local_view()) {
    slot.var = find_in(depth(), name);
    slot.scope = depth();
  }
  if (slot.var == nullptr) {
    slot.var = find_in(0, name);
    slot.scope = 0;
  }
  slot.generation = structure_generation_;
}

Variable* VariableStore::find_at(int scope, std::string_view name) {
  return scope < static_cast<int>(scopes_.size()) ? find_in(scope, name) : nullptr;
}

Variable* VariableStore::find_raw(std::string_view name) {
  if (local_view()) {
    if (Variable* v = find_in(depth(), name)) return v;
  }
  return find_in(0, name);
}

VarRef VariableStore::resolve(std::string_view name) {
  VarRef ref;
  ref.scope = depth();
  Variable* v = nullptr;
  if (scopes_.size() > 1 && !scopes_.back().empty()) v = find_in(depth(), name);
  if (v == nullptr) {
    v = find_in(0, name);
    ref.scope = 0;
  }
  if (v == nullptr && name.size() > 2 && name.find('.', 1) != std::string_view::npos) {
    return resolve_member_through_nameref(name);
  }
  ref.name.assign(name);
  for (int hops = 0; v != nullptr && v->is_nameref() && hops < kMaxNamerefDepth; ++hops) {
    std::string target = v->value;
    int scope = v->nameref_scope < static_cast<int>(scopes_.size()) ? v->nameref_scope : 0;
    ref.name.clear();
    ref.has_subscript = false;
    // An element that is a compound variable is one by its own name.
    Variable* element = find_in(scope, target);
    if (element == nullptr && scope != 0) element = find_in(0, target);
    if (element != nullptr && (element->attrs & kAttrCompound)) {
      ref.name = std::move(target);
      ref.scope = element == find_in(scope, ref.name) ? scope : 0;
      v = element;
      continue;
    }
    split_subscript(target, ref.name, ref.subscript, ref.has_subscript);
    Variable* next = find_in(scope, ref.name);
    if (next == nullptr && scope != 0) {
      next = find_in(0, ref.name);
      scope = 0;
    }
    ref.scope = scope;
    v = next;
  }
  ref.var = v;
  return ref;
}

// `r.x` where `r` is a nameref: the member `x` of what `r` names.
VarRef VariableStore::resolve_member_through_nameref(std::string_view name) {
  for (size_t dot = name.find('.', 1); dot != std::string_view::npos; dot = name.find('.', dot + 1)) {
    Variable* prefix = find_raw(name.substr(0, dot));
    if (prefix == nullptr) break;
    if (!prefix->is_nameref()) continue;
    VarRef target = resolve(name.substr(0, dot));
    std::string member = target.name;
    if (target.has_subscript) member += "[" + target.subscript + "]";
    member.append(name.substr(dot));
    // The member lives (or is created) in the scope of the named variable.
    VarRef ref = resolve(member);
    if (ref.scope != target.scope) {
      if (Variable* in_target = find_in(target.scope, member)) {
        ref.var = in_target;
        ref.scope = target.scope;
      } else if (ref.var == nullptr) {
        ref.scope = target.scope;
      }
    }
    return ref;
  }
  VarRef ref;
  ref.name.assign(name);
  return ref;
}

VarRef VariableStore::resolve(VarSlot& slot, std::string_view name) {
  Variable* v = find_slot(slot, name);
  if (v != nullptr ? v->is_nameref() : name.find('.', 1) != std::string_view::npos) return resolve(name);
  VarRef ref;
  ref.var = v;
  ref.name.assign(name);
  ref.scope = v != nullptr ? slot.scope : 0;
  return ref;
}

VarRef VariableStore::resolve_for_write(std::string_view name) { return prepare_write(resolve(name), name); }

VarRef VariableStore::resolve_for_write(VarSlot& slot, std::string_view name) {
  return prepare_write(resolve(slot, name), name);
}

VarRef VariableStore::prepare_write(VarRef ref, std::string_view name) {
  if (ref.var == nullptr) {
    // A dangling nameref creates its target where the nameref points.
    int scope = ref.name == name ? 0 : ref.scope;
    ref.var = &create_in(scope, ref.name);
    ref.scope = scope;
  } else {
    will_modify(ref.scope, ref.name, *ref.var);
  }
  return ref;
}

Variable& VariableStore::declare_local(std::string_view name) {
  if (Variable* v = find_in(depth(), name)) {
    will_modify(depth(), name, *v);
    return *v;
  }
  return create_in(depth(), name);
}

Variable& VariableStore::create_in(int scope, std::string_view name) {
  auto [it, inserted] = scopes_[static_cast<size_t>(scope)].try_emplace(std::string(name));
  if (inserted) ++structure_generation_;
  if (epoch_ != 0 && scope < journal_floor_ && inserted) {
    journal_.push_back(JournalEntry{scope, std::string(name), false, Variable{}});
    it->second.saved_epoch = epoch_;
  }
  return it->second;
}

void VariableStore::will_modify(int scope, std::string_view name, Variable& var) {
  if (epoch_ == 0 || scope >= journal_floor_ || var.saved_epoch == epoch_) return;
  journal_.push_back(JournalEntry{scope, std::string(name), true, var});
  var.saved_epoch = epoch_;
}

void VariableStore::unset(std::string_view name) {
  int scope = depth();
  Variable* v = scopes_.size() > 1 ? find_in(scope, name) : nullptr;
  if (v == nullptr) {
    scope = 0;
    v = find_in(0, name);
  }
  if (v == nullptr) return;
  will_modify(scope, name, *v);
  if (scope > 0) {
    // A local stays local (and hides the global) after unset.
    uint32_t keep = v->attrs & (kAttrIndexed | kAttrAssoc);
    *v = Variable{};
    v->attrs = keep;
    v->saved_epoch = epoch_;
    return;
  }
  if (epoch_ != 0) {
    *v = Variable{};
    v->saved_epoch = epoch_;
    return;
  }
  scopes_[0].erase(scopes_[0].find(hash_key(name)));
  ++structure_generation_;
}

int VariableStore::scope_containing(std::string_view name, const Variable* self) {
  for (int scope = depth(); scope > 0; --scope) {
    Variable* v = find_in(scope, name);
    if (v != nullptr && v != self) return scope;
  }
  return 0;
}

// An empty innermost scope is skipped by lookups: calls of functions that
// declare no locals (recursion) keep every slot valid.
void VariableStore::push_scope() {
  if (local_view()) ++structure_generation_;
  scopes_.emplace_back();
}

void VariableStore::pop_scope() {
  bool was_local = local_view();
  scopes_.pop_back();
  if (was_local || local_view()) ++structure_generation_;
}

VariableStore::Mark VariableStore::begin_subshell() {
  Mark mark{journal_.size(), epoch_, journal_floor_};
  epoch_ = next_epoch_++;
  journal_floor_ = static_cast<int>(scopes_.size());
  return mark;
}

void VariableStore::end_subshell(const Mark& mark) {
  while (journal_.size() > mark.journal_size) {
    JournalEntry& entry = journal_.back();
    if (entry.scope < static_cast<int>(scopes_.size())) {
      Scope& vars = scopes_[static_cast<size_t>(entry.scope)];
      if (entry.existed) {
        vars[entry.name] = std::move(entry.old);
      } else {
        auto it = vars.find(entry.name);
        if (it != vars.end()) vars.erase(it);
      }
    }
    journal_.pop_back();
  }
  epoch_ = mark.previous_epoch;
  journal_floor_ = mark.previous_floor;
  ++structure_generation_;
}

std::vector<std::string> VariableStore::environment() const {
  std::vector<std::string> env;
  auto add_scope = [&](const Scope& vars, const Scope* shadow) {
    for (const auto& [name, var] : vars) {
      if (!(var.attrs & kAttrExport)) continue;
      if (shadow != nullptr && shadow->contains(name)) continue;
      if (var.is_array()) {
        if (!var.array) continue;
        if (var.is_assoc()) {
          auto it = var.array->assoc.find("0");
          if (it != var.array->assoc.end()) env.push_back(name + "=" + it->second);
        } else {
          auto it = var.array->indexed.find(0);
          if (it != var.array->indexed.end()) env.push_back(name + "=" + it->second);
        }
      } else if (var.is_set) {
        env.push_back(name + "=" + var.value);
      }
    }
  };
  const Scope* local = scopes_.size() > 1 ? &scopes_.back() : nullptr;
  add_scope(scopes_.front(), local);
  if (local != nullptr) add_scope(*local, nullptr);
  return env;
}

}  // namespace forklift::interp
