// The lowered form of simple commands: what lowering decides per word and
// assignment, and that the cached decisions follow later changes of
// functions, variables and scopes.
#include <catch2/catch.hpp>

#include "analyzer/exact_parser.h"
#include "interp/exec/lowered_command.h"
#include "tests/support/run_forklift.h"

using forklift::Dialect;
using forklift::Node;
using forklift::NodeKind;
using forklift::ParseResult;
using forklift::SourceFile;
using forklift::interp::LoweredCommand;
using forklift::interp::LoweredPart;
using forklift::interp::LoweredWord;
using forklift::test::run_forklift;

namespace {

struct Lowered {
  std::unique_ptr<SourceFile> file;
  ParseResult parse;
  LoweredCommand command;
};

// The first simple command of `text`, lowered.
std::unique_ptr<Lowered> lower(const std::string& text) {
  auto lowered = std::make_unique<Lowered>();
  lowered->file = std::make_unique<SourceFile>("t.ksh", text);
  lowered->parse = forklift::parse_exact(*lowered->file, Dialect::Ksh);
  REQUIRE(lowered->parse.ast != nullptr);
  const Node* node = lowered->parse.ast->root;
  while (node->kind != NodeKind::SimpleCommand) {
    REQUIRE(!node->kids.empty());
    node = node->kids[0];
  }
  lowered->command = forklift::interp::lower_simple_command(node, lowered->file->text());
  return lowered;
}

std::string run(const std::string& script) {
  auto result = run_forklift({"run", "-c", script});
  CHECK(result.err.empty());
  return result.out;
}

}  // namespace

TEST_CASE("lowering stores literals unescaped and reads plain variables through slots") {
  auto l = lower(R"(print a\ b 'c d' "e\$f" x"y"'z' $y ${z} "$x-y" *.c "$@" ~/d {a,b} $'\t')");
  const auto& words = l->command.words;
  REQUIRE(words.size() == 13);
  CHECK(l->command.literal_name);
  CHECK(words[0].kind == LoweredWord::Kind::Literal);
  CHECK(words[1].kind == LoweredWord::Kind::Literal);
  CHECK(words[1].text == "a b");
  CHECK(words[2].text == "c d");
  CHECK(words[3].text == "e$f");
  CHECK(words[4].kind == LoweredWord::Kind::Literal);
  CHECK(words[4].text == "xyz");
  CHECK(words[5].kind == LoweredWord::Kind::Variable);
  CHECK(words[5].variable.name == "y");
  CHECK(words[6].kind == LoweredWord::Kind::Variable);
  CHECK(words[6].variable.name == "z");
  REQUIRE(words[7].kind == LoweredWord::Kind::Quoted);
  REQUIRE(words[7].parts.size() == 2);
  CHECK(words[7].parts[0].kind == LoweredPart::Kind::Variable);
  CHECK(words[7].parts[1].text == "-y");
  // Globbing, "$@", tilde, braces and $'...' stay with the Expander.
  for (size_t i = 8; i < words.size(); ++i) CHECK(words[i].kind == LoweredWord::Kind::General);
}

TEST_CASE("lowering checks assignment names once") {
  auto l = lower("a=1 b[1]=2 c+=3 d=$((1+2)) e=~/x f= g=\"$a$(echo)\" h=${a:-x} cmd");
  const auto& assignments = l->command.assignments;
  REQUIRE(assignments.size() == 8);
  CHECK(assignments[0].simple);
  CHECK(assignments[0].value.kind == LoweredWord::Kind::Literal);
  CHECK(assignments[0].value.text == "1");
  CHECK_FALSE(assignments[1].simple);
  CHECK_FALSE(assignments[2].simple);
  CHECK(assignments[3].simple);
  CHECK(assignments[3].value.kind == LoweredWord::Kind::Quoted);
  CHECK(assignments[4].value.kind == LoweredWord::Kind::General);  // tilde
  CHECK(assignments[5].value.kind == LoweredWord::Kind::Literal);
  CHECK(assignments[5].value.text.empty());
  CHECK(assignments[6].value.kind == LoweredWord::Kind::Quoted);
  CHECK(assignments[7].value.kind == LoweredWord::Kind::General);  // an operator's operand
}

TEST_CASE("a function defined after a command was lowered shadows the builtin on its next run") {
  CHECK(run("for i in 1 2 3; do true && print run$i\n"
            "  case $i in 1) function true { print function; } ;; 2) unset -f true ;; esac\n"
            "done") == "run1\nfunction\nrun2\nrun3\n");
}

TEST_CASE("a function defined in a subshell is gone after it for a lowered command") {
  CHECK(run("f() { print outer; }\n"
            "for i in 1 2; do f; (f() { print inner; }; f); done") == "outer\ninner\nouter\ninner\n");
}

TEST_CASE("special builtins are not shadowed by functions") {
  CHECK(run("function : { print function; }; for i in 1 2; do :; done; print end") == "end\n");
}

TEST_CASE("a slot follows a function-local typeset and its end") {
  CHECK(run("x=global\n"
            "function f { print -- $x; typeset x=local; print -- $x \"$x\"; x=changed; print -- $x; }\n"
            "for i in 1 2; do f; print -- $x; done") ==
        "global\nlocal local\nchanged\nglobal\nglobal\nlocal local\nchanged\nglobal\n");
}

TEST_CASE("a slot follows unset and re-creation") {
  CHECK(run("for i in 1 2; do x=v$i; print -- \"[$x]\" $x; unset x; print -- \"[$x]\" $x; done") ==
        "[v1] v1\n[]\n[v2] v2\n[]\n");
}

TEST_CASE("a slot follows a nameref and its retargeting") {
  CHECK(run("a=A b=B\n"
            "for t in a b; do nameref r=$t; print -- $r \"$r\"; r=set$t; done; print -- $a $b") ==
        "A A\nB B\nseta setb\n");
}

TEST_CASE("assignments through slots are rolled back after a subshell") {
  CHECK(run("x=1; for i in 1 2; do (x=$i$i; y=new; print -- $x $y); print -- $x \"[$y]\"; done") ==
        "11 new\n1 []\n22 new\n1 []\n");
  CHECK(run("x=1; v=$(x=2; print -- $x); print -- $v $x") == "2 1\n");
}

TEST_CASE("assignments through slots keep attributes and exports") {
  CHECK(run("typeset -u up; integer n; readonly r=1\n"
            "for i in 1 2; do up=ab$i; n=2*$i; print -- $up $n; done\n"
            "export e; for i in 1 2; do e=v$i; /bin/sh -c 'echo $e'; done") ==
        "AB1 2\nAB2 4\nv1\nv2\n");
  auto result = run_forklift({"run", "-c", "readonly r=1; for i in 1 2; do r=$i; done"});
  CHECK(result.status != 0);
  CHECK(result.err.find("read only") != std::string::npos);
}

TEST_CASE("unquoted variables split and glob as before when their value needs it") {
  CHECK(run("x='a  b'; set -- $x; print $#; IFS=:; y=c:d; set -- $y; print $#") == "2\n2\n");
  CHECK(run("cd /; x='/bi[n]'; print -- $x \"$x\"") == "/bin /bi[n]\n");
  CHECK(run("for v in one 'two words' ''; do set -- $v; print $#; done") == "1\n2\n0\n");
}

TEST_CASE("dynamic variables are read fresh through slots") {
  CHECK(run("for i in 1 2; do print -- $LINENO; done\n"
            "SECONDS=0; for i in 1 2; do x=$SECONDS; done; [[ $x == 0* ]] && print seconds") == "1\n1\nseconds\n");
}

TEST_CASE("a for loop variable written through a slot follows scopes and attributes") {
  CHECK(run("function g { typeset v=inner; print -- $v; }; for v in a b; do g; print -- $v; done; print -- $v") ==
        "inner\na\ninner\nb\nb\n");
  CHECK(run("for v in a b; do (v=sub$v; print -- $v); print -- $v; unset v; done") == "suba\na\nsubb\nb\n");
  CHECK(run("typeset -u v; for v in a b; do print -- $v; done") == "A\nB\n");
}
