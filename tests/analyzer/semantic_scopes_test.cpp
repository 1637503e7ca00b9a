#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("ksh function f { typeset } makes a local; f() shares the caller's variables") {
  ModelFixture f("x=1\nfunction a { typeset x=2; echo $x; }\nb() { typeset x=3; echo $x; }\necho $x\n", Dialect::Ksh);
  const Variable* in_a = f.model().variable("x", f.find(NodeKind::ParamExp, "$x", 0));
  const Variable* in_b = f.model().variable("x", f.find(NodeKind::ParamExp, "$x", 1));
  const Variable* global = f.model().variable("x", f.find(NodeKind::ParamExp, "$x", 2));
  REQUIRE(in_a != nullptr);
  REQUIRE(global != nullptr);
  CHECK(in_a != global);
  CHECK(in_a->scope != 0);
  CHECK(in_b == global);
  CHECK(global->definitions.size() == 2);  // x=1 and b's typeset x=3
}

TEST_CASE("bash makes locals in both function forms") {
  ModelFixture f("x=1\nb() { local x=3; echo $x; }\necho $x\n", Dialect::Bash);
  CHECK(f.model().variable("x", f.find(NodeKind::ParamExp, "$x", 0)) !=
        f.model().variable("x", f.find(NodeKind::ParamExp, "$x", 1)));
}

TEST_CASE("declarations give attributes") {
  ModelFixture f("integer i=0\ntypeset -u up\ntypeset -l low\ntypeset -F2 money\ntypeset -A map\nset -A arr\n"
                 "echo $i $up $low $money\n",
                 Dialect::Ksh);
  const Node* at = f.find(NodeKind::ParamExp, "$i");
  CHECK(f.model().attributes("i", at).integer);
  CHECK(f.model().attributes("up", at).upper);
  CHECK(f.model().attributes("low", at).lower);
  CHECK(f.model().attributes("money", at).floating);
  CHECK(f.model().attributes("map", at).associative_array);
}

TEST_CASE("definitions by read, for, arithmetic, unset and array elements are recorded with their kind") {
  ModelFixture f("read -r a b\nfor c in 1; do :; done\n(( d++ ))\nunset e\nf[1]=x\ng=(1 2)\n");
  const Node* at = f.find(NodeKind::SimpleCommand, "unset e");
  auto kind_of = [&](std::string_view name) { return f.model().variable(name, at)->definitions.front().kind; };
  CHECK(kind_of("a") == DefinitionKind::Input);
  CHECK(kind_of("b") == DefinitionKind::Input);
  CHECK(kind_of("c") == DefinitionKind::ForItem);
  CHECK(kind_of("d") == DefinitionKind::Arithmetic);
  CHECK(kind_of("e") == DefinitionKind::Unset);
  CHECK(kind_of("f") == DefinitionKind::Element);
  CHECK(kind_of("g") == DefinitionKind::Element);
}

TEST_CASE("uses are recorded in parameter expansions and arithmetic") {
  ModelFixture f("n=1\necho \"$n\" $(( n + 1 ))\n");
  const Variable* n = f.model().variable("n", f.find(NodeKind::ParamExp, "$n"));
  REQUIRE(n != nullptr);
  CHECK(n->uses.size() == 2);
}

TEST_CASE("functions defined in the file are known by name") {
  ModelFixture f("greet() { echo hi; }\nfunction bye { echo bye; }\n", Dialect::Ksh);
  REQUIRE(f.model().function("greet") != nullptr);
  CHECK_FALSE(f.model().function("greet")->local_scope);
  CHECK(f.model().function("bye")->local_scope);
  CHECK(f.model().function("nothere") == nullptr);
}

}  // namespace
}  // namespace forklift::testing
