#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("a counter initialised to a literal and only incremented is an integer") {
  ModelFixture f("i=0\nwhile [ $i -lt 10 ]; do\n  i=`expr $i + 1`\ndone\n");
  CHECK(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i", 0)));
  CHECK(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i", 1)));
  CHECK(f.model().certainly_non_negative("i", f.find(NodeKind::ParamExp, "$i", 1)));
}

TEST_CASE("arithmetic results, lengths and special parameters are integers") {
  ModelFixture f("s=abc\na=$((2 * 3))\nb=${#s}\nc=$?\nd=$#\n(( e = a + 1 ))\necho $a $b $c $d $e\n");
  for (const char* name : {"a", "b", "c", "d", "e"}) {
    INFO(name);
    CHECK(f.model().certainly_integer(name, f.find(NodeKind::ParamExp, std::string("$") + name)));
  }
  CHECK_FALSE(f.model().certainly_integer("s", f.find(NodeKind::ParamExp, "${#s}")));
}

TEST_CASE("input, positional parameters, command output and the environment are unknown") {
  ModelFixture f("read -r r\np=$1\no=$(date +%s)\necho $r $p $o $HOME\n");
  CHECK_FALSE(f.model().certainly_integer("r", f.find(NodeKind::ParamExp, "$r")));
  CHECK_FALSE(f.model().certainly_integer("p", f.find(NodeKind::ParamExp, "$p")));
  CHECK_FALSE(f.model().certainly_integer("o", f.find(NodeKind::ParamExp, "$o")));
  CHECK_FALSE(f.model().certainly_integer("HOME", f.find(NodeKind::ParamExp, "$HOME")));
  CHECK(f.model().explain_not_integer("r", f.find(NodeKind::ParamExp, "$r")) == "`$r` is assigned input on line 1");
}

TEST_CASE("one non-integer definition anywhere refutes a variable") {
  ModelFixture f("n=1\nn=$((n + 1))\nif true; then n=$1; fi\necho $n\n");
  CHECK_FALSE(f.model().certainly_integer("n", f.find(NodeKind::ParamExp, "$n")));
}

TEST_CASE("leading zeros and empty values are not canonical integers") {
  ModelFixture f("z=010\ne=\necho $z $e\n");
  CHECK_FALSE(f.model().certainly_integer("z", f.find(NodeKind::ParamExp, "$z")));
  CHECK_FALSE(f.model().certainly_integer("e", f.find(NodeKind::ParamExp, "$e")));
}

TEST_CASE("a use before any definition may read an unset variable") {
  ModelFixture f("echo $k\nk=1\nif true; then j=2; fi\necho $j\n");
  CHECK_FALSE(f.model().certainly_integer("k", f.find(NodeKind::ParamExp, "$k")));
  CHECK_FALSE(f.model().certainly_integer("j", f.find(NodeKind::ParamExp, "$j")));
}

TEST_CASE("typeset -i variables are integers, in base 10 only") {
  ModelFixture f("typeset -i n=5\nn=abc\ntypeset -i16 h=255\necho $n $h\n", Dialect::Ksh);
  CHECK(f.model().certainly_integer("n", f.find(NodeKind::ParamExp, "$n")));
  CHECK_FALSE(f.model().certainly_integer("h", f.find(NodeKind::ParamExp, "$h")));
}

TEST_CASE("ksh93 arithmetic with float literals is not an integer") {
  ModelFixture ksh("x=$((7.0 / 2))\necho $x\n", Dialect::Ksh);
  CHECK_FALSE(ksh.model().certainly_integer("x", ksh.find(NodeKind::ParamExp, "$x")));
  ModelFixture floats("float f=1\ng=$f\necho $g\n", Dialect::Ksh);
  CHECK_FALSE(floats.model().certainly_integer("g", floats.find(NodeKind::ParamExp, "$g")));
}

TEST_CASE("eval and sourcing make every variable unknown") {
  ModelFixture f("i=0\n. ./lib.sh\necho $i\n");
  CHECK_FALSE(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i")));
}

TEST_CASE("eval confined to a subshell, or before the definition, leaves an integer known") {
  ModelFixture f("( eval \"$1\" )\ni=0\necho $i\neval \"$2\"\nj=1\necho $j $i\nwhile :; do k=2; echo $k; eval \"$3\"; done\n");
  CHECK(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i")));
  CHECK(f.model().certainly_integer("j", f.find(NodeKind::ParamExp, "$j")));
  CHECK_FALSE(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i", 1)));
  CHECK(f.model().certainly_integer("k", f.find(NodeKind::ParamExp, "$k")));
}

TEST_CASE("for loops over integer literals define integers") {
  ModelFixture f("for i in 1 2 3; do echo $i; done\nfor w in a b; do echo $w; done\nfor s in $(seq 1 5); do echo $s; done\n"
                 "for t in $(seq -w 1 5); do echo $t; done\n");
  CHECK(f.model().certainly_integer("i", f.find(NodeKind::ParamExp, "$i")));
  CHECK(f.model().certainly_integer("s", f.find(NodeKind::ParamExp, "$s")));
  CHECK_FALSE(f.model().certainly_integer("t", f.find(NodeKind::ParamExp, "$t")));
  CHECK_FALSE(f.model().certainly_integer("w", f.find(NodeKind::ParamExp, "$w")));
}

TEST_CASE("a decrementing counter is an integer but not known non-negative") {
  ModelFixture f("n=3\nwhile [ $n -gt 0 ]; do n=$((n - 1)); done\n");
  CHECK(f.model().certainly_integer("n", f.find(NodeKind::ParamExp, "$n")));
  CHECK_FALSE(f.model().certainly_non_negative("n", f.find(NodeKind::ParamExp, "$n")));
}

}  // namespace
}  // namespace forklift::testing
