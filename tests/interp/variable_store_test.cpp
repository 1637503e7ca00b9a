#include "interp/variables/variable_store.h"

#include <catch2/catch.hpp>

using forklift::interp::kAttrExport;
using forklift::interp::kAttrNameref;
using forklift::interp::VariableStore;

namespace {

void set(VariableStore& store, std::string_view name, std::string value) {
  auto ref = store.resolve_for_write(name);
  ref.var->value = std::move(value);
  ref.var->is_set = true;
}

std::string get(VariableStore& store, std::string_view name) {
  auto ref = store.resolve(name);
  return ref.var != nullptr && ref.var->is_set ? ref.var->value : "<unset>";
}

}  // namespace

TEST_CASE("a function scope falls through to the global scope only") {
  VariableStore store;
  set(store, "x", "global");
  store.push_scope();
  auto& local = store.declare_local("x");
  local.value = "outer-local";
  local.is_set = true;
  store.push_scope();  // a nested ksh function: statically scoped
  CHECK(get(store, "x") == "global");
  store.pop_scope();
  CHECK(get(store, "x") == "outer-local");
  store.pop_scope();
  CHECK(get(store, "x") == "global");
}

TEST_CASE("assigning an undeclared name in a function sets the global") {
  VariableStore store;
  store.push_scope();
  set(store, "y", "from-function");
  store.pop_scope();
  CHECK(get(store, "y") == "from-function");
}

TEST_CASE("a subshell's changes are rolled back") {
  VariableStore store;
  set(store, "a", "1");
  auto mark = store.begin_subshell();
  set(store, "a", "2");
  set(store, "a", "3");
  set(store, "created", "new");
  store.unset("a");
  CHECK(get(store, "a") == "<unset>");
  store.end_subshell(mark);
  CHECK(get(store, "a") == "1");
  CHECK(store.resolve("created").var == nullptr);
}

TEST_CASE("nested subshells roll back to their own starting points") {
  VariableStore store;
  set(store, "v", "outer");
  auto outer = store.begin_subshell();
  set(store, "v", "first");
  auto inner = store.begin_subshell();
  set(store, "v", "second");
  store.end_subshell(inner);
  CHECK(get(store, "v") == "first");
  store.end_subshell(outer);
  CHECK(get(store, "v") == "outer");
}

TEST_CASE("namerefs resolve to their target, also in a caller's scope") {
  VariableStore store;
  store.push_scope();
  store.declare_local("target").value = "caller-local";
  store.declare_local("target").is_set = true;
  store.push_scope();
  auto& ref = store.declare_local("r");
  ref.attrs |= kAttrNameref;
  ref.value = "target";
  ref.nameref_scope = store.scope_containing("target", &ref);
  CHECK(store.resolve("r").var->value == "caller-local");
  store.pop_scope();
  store.pop_scope();
}

TEST_CASE("the environment lists exported variables") {
  VariableStore store;
  set(store, "E", "1");
  store.resolve_for_write("E").var->attrs |= kAttrExport;
  set(store, "NOT", "2");
  auto env = store.environment();
  CHECK(std::find(env.begin(), env.end(), "E=1") != env.end());
  CHECK(std::find(env.begin(), env.end(), "NOT=2") == env.end());
}
