// Variable slots: a cached lookup that must see every change of what a
// name resolves to.
#include <catch2/catch.hpp>

#include "interp/variables/variable_store.h"

using forklift::interp::kAttrNameref;
using forklift::interp::Variable;
using forklift::interp::VariableStore;
using forklift::interp::VarSlot;

namespace {

Variable& set(VariableStore& store, std::string_view name, std::string value) {
  auto ref = store.resolve_for_write(name);
  ref.var->value = std::move(value);
  ref.var->is_set = true;
  return *ref.var;
}

std::string through(VariableStore& store, VarSlot& slot, std::string_view name) {
  Variable* var = store.find_slot(slot, name);
  return var != nullptr && var->is_set ? var->value : "<none>";
}

}  // namespace

TEST_CASE("a slot sees a variable created after it was filled") {
  VariableStore store;
  VarSlot slot;
  CHECK(through(store, slot, "x") == "<none>");
  set(store, "x", "1");
  CHECK(through(store, slot, "x") == "1");
  set(store, "x", "2");  // same variable: no new lookup needed, same answer
  CHECK(through(store, slot, "x") == "2");
}

TEST_CASE("a slot is revalidated after unset erases the variable") {
  VariableStore store;
  VarSlot slot;
  set(store, "x", "1");
  CHECK(through(store, slot, "x") == "1");
  store.unset("x");
  CHECK(store.find_slot(slot, "x") == nullptr);
}

TEST_CASE("a slot follows function-local variables and scope ends") {
  VariableStore store;
  VarSlot slot;
  set(store, "x", "global");
  CHECK(through(store, slot, "x") == "global");
  store.push_scope();
  CHECK(through(store, slot, "x") == "global");
  Variable& local = store.declare_local("x");
  local.value = "local";
  local.is_set = true;
  CHECK(through(store, slot, "x") == "local");
  store.push_scope();  // a nested ksh function does not see its caller's locals
  CHECK(through(store, slot, "x") == "global");
  store.pop_scope();
  CHECK(through(store, slot, "x") == "local");
  store.pop_scope();
  CHECK(through(store, slot, "x") == "global");
}

TEST_CASE("calls of functions without locals keep slots valid") {
  VariableStore store;
  VarSlot slot;
  set(store, "i", "0");
  CHECK(through(store, slot, "i") == "0");
  uint64_t generation = store.structure_generation();
  store.push_scope();
  store.push_scope();
  store.pop_scope();
  store.pop_scope();
  CHECK(store.structure_generation() == generation);
}

TEST_CASE("a slot is revalidated after a subshell rolls back a created variable") {
  VariableStore store;
  VarSlot slot;
  auto mark = store.begin_subshell();
  set(store, "created", "in subshell");
  CHECK(through(store, slot, "created") == "in subshell");
  store.end_subshell(mark);
  CHECK(store.find_slot(slot, "created") == nullptr);
}

TEST_CASE("resolving through a slot follows a nameref and its new target") {
  VariableStore store;
  VarSlot slot;
  set(store, "a", "A");
  set(store, "b", "B");
  Variable& ref = set(store, "r", "a");
  ref.attrs |= kAttrNameref;
  CHECK(store.resolve(slot, "r").var->value == "A");
  ref.value = "b";  // retargeted: no structural change, still followed
  CHECK(store.resolve(slot, "r").var->value == "B");
  CHECK(store.resolve(slot, "r").name == "b");
}

TEST_CASE("writing through a slot journals the old value for a subshell") {
  VariableStore store;
  VarSlot slot;
  set(store, "x", "1");
  auto mark = store.begin_subshell();
  auto ref = store.resolve_for_write(slot, "x");
  ref.var->value = "2";
  store.end_subshell(mark);
  CHECK(through(store, slot, "x") == "1");
}
