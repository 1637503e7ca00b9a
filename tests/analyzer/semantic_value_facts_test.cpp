#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

ValueFacts facts_of(const ModelFixture& f, std::string_view param, int nth = 0) {
  return f.model().value_facts(f.find(NodeKind::ParamExp, param, nth));
}

TEST_CASE("value facts: literals and words built from known parts") {
  ModelFixture f("n=abc\nf=/var/log/$n.log\nd=\"$f/\"\necho \"$f\" \"$d\" \"$n\"\n");
  ValueFacts file = facts_of(f, "$f", 1);
  CHECK(file.prefix == "/var/log/abc.log");
  CHECK(file.exact);
  CHECK(file.has_all({ValueFact::NoNewline, ValueFact::NoLeadingDash, ValueFact::HasSlash, ValueFact::NoTrailingSlash,
                      ValueFact::NonEmpty, ValueFact::NoBackslash}));
  ValueFacts dir = facts_of(f, "$d");
  CHECK_FALSE(dir.has(ValueFact::NoTrailingSlash));
  CHECK(facts_of(f, "$n", 1).has(ValueFact::NoSlash));
}

TEST_CASE("value facts: a known suffix survives an unknown part") {
  ModelFixture f("f=\"/var/log/$1.log\"\necho \"$f\"\n");
  ValueFacts facts = facts_of(f, "$f");
  CHECK(facts.prefix == "/var/log/");
  CHECK(facts.suffix == ".log");
  CHECK(facts.has_all({ValueFact::NoTrailingSlash, ValueFact::NoLeadingDash, ValueFact::NoTrailingNewline}));
  CHECK_FALSE(facts.has(ValueFact::NoNewline));
}

TEST_CASE("value facts: read gives one line, arithmetic and lengths numbers") {
  ModelFixture f("while IFS= read -r line; do echo \"$line\"; done\nn=$((1 + 2))\nl=${#n}\necho $n $l\n");
  CHECK(facts_of(f, "$line").has(ValueFact::NoNewline));
  CHECK_FALSE(facts_of(f, "$line").has(ValueFact::NoLeadingDash));
  CHECK(facts_of(f, "$n").has_all({ValueFact::CanonicalInteger, ValueFact::NoSlash, ValueFact::NoNewline}));
  CHECK(facts_of(f, "$l").has_all({ValueFact::Digits, ValueFact::NoLeadingDash}));
}

TEST_CASE("value facts: glob loops and split words") {
  ModelFixture f("for f in /src/*.c; do echo \"$f\"; done\nfor g in *.h; do echo \"$g\"; done\n"
                 "for w in $(ls); do echo \"$w\"; done\n");
  ValueFacts c = facts_of(f, "$f");
  CHECK(c.prefix == "/src/");
  CHECK(c.suffix == ".c");
  CHECK(c.has_all({ValueFact::NoTrailingSlash, ValueFact::NoLeadingDash, ValueFact::HasSlash}));
  ValueFacts h = facts_of(f, "$g");
  CHECK(h.has_all({ValueFact::NoSlash, ValueFact::NoTrailingSlash}));
  CHECK_FALSE(h.has(ValueFact::NoLeadingDash));  // a file may be called `-x.h`
  // A field of `$(ls)` is globbed again, and a file name may hold a newline.
  CHECK_FALSE(facts_of(f, "$w").has(ValueFact::NoNewline));
}

TEST_CASE("value facts: fields of an unquoted parameter split at the default IFS") {
  ModelFixture plain("v='a b'\nfor w in $v; do echo \"$w\"; done\n");
  CHECK(facts_of(plain, "$w").has_all({ValueFact::NoNewline, ValueFact::NonEmpty}));
  ModelFixture ifs("v='a b'\nIFS=:\nfor w in $v; do echo \"$w\"; done\n");
  CHECK_FALSE(facts_of(ifs, "$w").has(ValueFact::NonEmpty));
  ModelFixture glob("v='a *'\nfor w in $v; do echo \"$w\"; done\n");
  CHECK_FALSE(facts_of(glob, "$w").has(ValueFact::NoNewline));
}

TEST_CASE("value facts: the environment, positional parameters and late definitions are unknown") {
  ModelFixture f("echo \"$HOME\" \"$1\" \"$k\"\nk=1\nif true; then j=2; fi\necho \"$j\"\n");
  CHECK(facts_of(f, "$HOME").bits == 0);
  CHECK(facts_of(f, "$1").bits == 0);
  CHECK(facts_of(f, "$k").bits == 0);
  CHECK(facts_of(f, "$j").bits == 0);
  CHECK(facts_of(f, "$j").missing(ValueFact::NoNewline, "j").find("may be unset") != std::string::npos);
}

TEST_CASE("value facts: one unknown definition refutes a fact") {
  ModelFixture f("x=a\nread -r x\nx=$1\necho \"$x\"\n");
  CHECK_FALSE(facts_of(f, "$x").has(ValueFact::NoNewline));
}

TEST_CASE("value facts: a case guard that leaves") {
  ModelFixture f("case $1 in\n  *[!0-9]*|'') exit 1 ;;\nesac\necho \"$1\"\n");
  ValueFacts facts = facts_of(f, "$1", 1);
  CHECK(facts.has_all({ValueFact::Digits, ValueFact::NonEmpty, ValueFact::NoNewline, ValueFact::NoLeadingDash}));
  CHECK(facts.proof(ValueFact::NoNewline, "1").find("guarded on line 1") != std::string::npos);
}

TEST_CASE("value facts: a guard before an earlier arm that does not leave proves nothing") {
  ModelFixture f("case $1 in\n  x) ;;\n  *[!0-9]*) exit 1 ;;\nesac\necho \"$1\"\n");
  CHECK_FALSE(facts_of(f, "$1", 1).has(ValueFact::Digits));
}

TEST_CASE("value facts: regex and test guards") {
  ModelFixture f("[[ $1 =~ ^[0-9]+$ ]] || exit 1\necho \"$1\"\n[ -n \"$2\" ] || return\necho \"$2\"\n"
                 "[ \"$3\" -eq \"$3\" ] 2>/dev/null || exit\necho \"$3\"\n");
  CHECK(facts_of(f, "$1", 1).has_all({ValueFact::Digits, ValueFact::NonEmpty}));
  CHECK(facts_of(f, "$2", 1).has(ValueFact::NonEmpty));
  CHECK(facts_of(f, "$3", 2).has_all({ValueFact::NonEmpty, ValueFact::NoSlash}));
}

TEST_CASE("value facts: a case arm and an if branch") {
  ModelFixture f("case $1 in\n  *.tar.gz) echo \"$1\" ;;\n  -*) ;;\nesac\n"
                 "if [[ $2 == [a-z]* ]]; then echo \"$2\"; fi\n");
  ValueFacts arm = facts_of(f, "$1", 1);
  CHECK(arm.suffix == ".tar.gz");
  CHECK(arm.has(ValueFact::NoTrailingSlash));
  ValueFacts branch = facts_of(f, "$2", 1);
  CHECK(branch.has(ValueFact::NoLeadingDash));
}

TEST_CASE("value facts: an assignment between the guard and the use voids it") {
  ModelFixture f("x=$1\ncase $x in *[!0-9]*) exit ;; esac\nx=$2\necho \"$x\"\n"
                 "y=$1\ncase $y in *[!0-9]*) exit ;; esac\nwhile :; do echo \"$y\"; y=$2; done\n");
  CHECK_FALSE(facts_of(f, "$x", 1).has(ValueFact::Digits));
  CHECK_FALSE(facts_of(f, "$y", 1).has(ValueFact::Digits));
}

TEST_CASE("value facts: removing through the last slash leaves none") {
  ModelFixture f("for p in /a/*; do b=${p##*/}; echo \"$b\"; done\n");
  CHECK(facts_of(f, "$b").has(ValueFact::NoSlash));
}

TEST_CASE("value facts: eval voids definitions before it but not a guard or a definition after it") {
  ModelFixture f("x=abc\neval \"$2\"\ncase $1 in *[!0-9]*) exit ;; esac\ny=/a\necho \"$x\" \"$1\" \"$y\"\n"
                 "run() { eval \"$1\"; }\nz=/b\nrun \"$3\"\necho \"$z\"\nfor f in /c/*; do eval \"$4\"; echo \"$f\"; done\n");
  CHECK(facts_of(f, "$x").bits == 0);
  CHECK(facts_of(f, "$1", 1).has(ValueFact::Digits));
  CHECK(facts_of(f, "$y").has(ValueFact::NoNewline));
  CHECK(facts_of(f, "$z").bits == 0);  // a function that runs eval is called in between
  CHECK(facts_of(f, "$f").bits == 0);
}

}  // namespace
}  // namespace forklift::testing

namespace forklift::testing {
namespace {

TEST_CASE("a utility called through a variable provably set to it is resolved") {
  ModelFixture f("SED=sed\nAWK=/usr/bin/awk\nfix() { $SED 's/a/b/' \"$1\"; }\nfor x in a b; do fix \"$x\"; done\n"
                 "\"$AWK\" 1 f\n$TOOL x\nGREP=\"grep -E\"\n$GREP a f\n");
  const SemanticModel& m = f.model();
  auto command_at = [&](std::string_view param, int nth = 0) { return m.parent(m.parent(f.find(NodeKind::ParamExp, param, nth))); };
  CHECK(m.resolved_command_name(command_at("$SED")) == "sed");  // in a function called after SED is set
  const Node* awk = m.parent(m.parent(m.parent(f.find(NodeKind::ParamExp, "$AWK"))));
  CHECK(m.resolved_command_name(awk) == "awk");
  CHECK_FALSE(m.resolved_command_name(command_at("$TOOL")).has_value());
  CHECK_FALSE(m.resolved_command_name(command_at("$GREP")).has_value());  // split into a command and an option
}

TEST_CASE("a function called before the variable is set does not see it") {
  ModelFixture f("fix() { $SED 's/a/b/'; }\nfix\nSED=sed\nfix\n");
  const SemanticModel& m = f.model();
  const Node* command = m.parent(m.parent(f.find(NodeKind::ParamExp, "$SED")));
  CHECK_FALSE(m.resolved_command_name(command).has_value());
}

}  // namespace
}  // namespace forklift::testing
