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

namespace forklift::testing {
namespace {

// Facts the safe fixes need of a path: one line, no leading `-`.
bool known_path(const ValueFacts& facts) {
  return facts.has_all({ValueFact::NoNewline, ValueFact::NoLeadingDash, ValueFact::HasSlash});
}

TEST_CASE("reaching definitions: only the definitions that reach a use count") {
  ModelFixture f("x=$1\necho \"$x\"\nx=/a/b\necho \"$x\"\nfor p in /c/*; do echo \"$p\"; done\np=$2\necho \"$p\"\n");
  CHECK_FALSE(known_path(facts_of(f, "$x")));
  CHECK(known_path(facts_of(f, "$x", 1)));
  CHECK(facts_of(f, "$x", 1).proof(ValueFact::HasSlash, "x").find("set on line 3") != std::string::npos);
  // The loop variable reused later does not spoil the loop (a file name may hold a newline, though).
  CHECK(facts_of(f, "$p").has_all({ValueFact::NoLeadingDash, ValueFact::HasSlash}));
  CHECK(facts_of(f, "$p", 1).bits == 0);
}

TEST_CASE("reaching definitions: a literal replaced by `read` before the use") {
  ModelFixture f("x=/safe\nread -r x\necho \"$x\"\n");
  ValueFacts facts = facts_of(f, "$x");
  CHECK(facts.has(ValueFact::NoNewline));
  CHECK_FALSE(facts.has(ValueFact::NoLeadingDash));
  CHECK(facts.missing(ValueFact::NoLeadingDash, "x").find("read on line 2") != std::string::npos);
}

TEST_CASE("reaching definitions: if branches are joined") {
  ModelFixture one("if test -d /x; then d=/x; fi\necho \"$d\"\n");
  CHECK(facts_of(one, "$d").bits == 0);
  CHECK(facts_of(one, "$d").missing(ValueFact::NoNewline, "d").find("may be unset") != std::string::npos);
  ModelFixture both("if test -d /x; then d=/x; elif true; then d=/y/z; else d=/w; fi\necho \"$d\"\n");
  CHECK(known_path(facts_of(both, "$d")));
  CHECK(facts_of(both, "$d").prefix == "/");
  ModelFixture spoiled("d=/x\nif test -n \"$1\"; then d=$1; fi\necho \"$d\"\n");
  CHECK_FALSE(known_path(facts_of(spoiled, "$d")));
}

TEST_CASE("reaching definitions: case arms, with and without a catch-all") {
  ModelFixture all("case $1 in a) d=/a ;; b) d=/b ;; *) d=/c ;; esac\necho \"$d\"\n");
  CHECK(known_path(facts_of(all, "$d")));
  ModelFixture some("case $1 in a) d=/a ;; b) d=/b ;; esac\necho \"$d\"\n");
  CHECK(facts_of(some, "$d").bits == 0);
  ModelFixture falls("case $1 in a) d=/a ;& b) echo \"$d\" ;; esac\n");
  CHECK(facts_of(falls, "$d").bits == 0);  // `b` is also entered without `a`
}

TEST_CASE("reaching definitions: an assignment later in the loop reaches the top of the next pass") {
  ModelFixture f("x=/a\nwhile test -n \"$2\"; do echo \"$x\"; x=$2; shift; done\necho \"$x\"\n"
                 "y=/b\nfor i in 1 2; do echo \"$y\"; y=/c; done\n");
  CHECK_FALSE(known_path(facts_of(f, "$x")));
  CHECK_FALSE(known_path(facts_of(f, "$x", 1)));
  CHECK(known_path(facts_of(f, "$y")));
}

TEST_CASE("reaching definitions: break and continue carry their state out of the body") {
  ModelFixture f("x=/a\nwhile :; do x=$1; if test -n \"$2\"; then break; fi; x=/b; done\necho \"$x\"\n"
                 "y=/a\nfor i in 1 2; do y=$1; test -n \"$2\" && continue; y=/b; done\necho \"$y\"\n"
                 "z=/a\nwhile :; do z=/b; break; done\necho \"$z\"\n");
  CHECK_FALSE(known_path(facts_of(f, "$x")));
  CHECK_FALSE(known_path(facts_of(f, "$y")));
  CHECK(known_path(facts_of(f, "$z")));
}

TEST_CASE("reaching definitions: a function that assigns the variable, called before the use") {
  ModelFixture f("set_x() { x=$1; }\nquiet() { echo hi; }\nx=/a\nquiet\necho \"$x\"\nset_x \"$2\"\necho \"$x\"\n"
                 "outer() { set_x \"$3\"; }\nx=/b\nouter\necho \"$x\"\n");
  CHECK(known_path(facts_of(f, "$x", 0)));
  CHECK_FALSE(known_path(facts_of(f, "$x", 1)));
  CHECK_FALSE(known_path(facts_of(f, "$x", 2)));  // through the function it calls
}

TEST_CASE("reaching definitions: a command named by a variable may be a function") {
  ModelFixture f("set_x() { x=$1; }\nx=/a\nrun=set_x\n$run \"$2\"\necho \"$x\"\nx=/b\ntool=ls\n$tool\necho \"$x\"\n"
                 "x=/c\n\"$dir/bin/tool\"\necho \"$x\"\nx=/d\n$unknown\necho \"$x\"\n");
  CHECK_FALSE(known_path(facts_of(f, "$x", 0)));
  CHECK(known_path(facts_of(f, "$x", 1)));
  CHECK(known_path(facts_of(f, "$x", 2)));  // a name with a `/` is never a function
  CHECK_FALSE(known_path(facts_of(f, "$x", 3)));
}

TEST_CASE("reaching definitions: eval and source make everything unknown until the next assignment") {
  ModelFixture f("x=/a\neval \"$1\"\necho \"$x\"\nx=/b\n. ./lib.sh\necho \"$x\"\nx=/c\necho \"$x\"\n"
                 "y=/d\ncmd=eval\n$cmd \"$2\"\necho \"$y\"\n");
  CHECK(facts_of(f, "$x", 0).bits == 0);
  CHECK(facts_of(f, "$x", 0).missing(ValueFact::NoNewline, "x").find("eval") != std::string::npos);
  CHECK(facts_of(f, "$x", 1).bits == 0);
  CHECK(known_path(facts_of(f, "$x", 2)));
  CHECK(facts_of(f, "$y").bits == 0);
}

TEST_CASE("reaching definitions: eval in a subshell assigns nothing outside it") {
  ModelFixture f("x=/a\n( eval \"$1\" )\necho \"$x\"\ny=$(eval \"$2\")\necho \"$x\"\n"
                 "eval \"$3\" | cat\necho \"$x\"\n( eval \"$4\"; echo \"$x\" )\n");
  CHECK(known_path(facts_of(f, "$x", 0)));
  CHECK(known_path(facts_of(f, "$x", 1)));
  CHECK(known_path(facts_of(f, "$x", 2)));
  CHECK(facts_of(f, "$x", 3).bits == 0);  // in the same subshell as the eval
}

TEST_CASE("reaching definitions: after sourcing, an unknown command may be a function the library defined") {
  ModelFixture f(". ./lib.sh\nx=/a\nls -l\necho \"$x\"\ndie oops\necho \"$x\"\n");
  CHECK(known_path(facts_of(f, "$x", 0)));  // ls is a standard utility
  CHECK(facts_of(f, "$x", 1).bits == 0);
  ModelFixture plain("x=/a\ndie oops\necho \"$x\"\n");  // nothing sourced: die is a command
  CHECK(known_path(facts_of(plain, "$x")));
}

TEST_CASE("reaching definitions: a function that calls one running eval runs it too") {
  ModelFixture f("inner() { eval \"$1\"; }\nouter() { inner \"$1\"; }\nx=/a\nouter \"$2\"\necho \"$x\"\n"
                 "y=/b\necho \"$y\"\n");
  CHECK(facts_of(f, "$x").bits == 0);
  CHECK(known_path(facts_of(f, "$y")));
}

TEST_CASE("reaching definitions: declarations assign, prefix assignments may persist") {
  ModelFixture f("x=$1\nexport x=/a\necho \"$x\"\nreadonly y=/b\necho \"$y\"\ntypeset z=/c\necho \"$z\"\n"
                 "w=/d\nw=$1 true\necho \"$w\"\n");
  CHECK(known_path(facts_of(f, "$x")));
  CHECK(known_path(facts_of(f, "$y")));
  CHECK(known_path(facts_of(f, "$z")));
  CHECK_FALSE(known_path(facts_of(f, "$w")));  // a special builtin or a function keeps `w=$1`
}

TEST_CASE("reaching definitions: subshells, substitutions and pipelines") {
  ModelFixture f("x=/a\n(x=$1)\necho \"$x\"\ny=$(x=$2; echo)\necho \"$x\"\necho | x=$3\necho \"$x\"\n");
  CHECK(known_path(facts_of(f, "$x", 0)));
  CHECK(known_path(facts_of(f, "$x", 1)));
  CHECK_FALSE(known_path(facts_of(f, "$x", 2)));  // ksh runs the last stage in this shell
}

TEST_CASE("reaching definitions: read gives one line, `read -r a b` two, in a while loop too") {
  ModelFixture f("read -r a b < /etc/f\necho \"$a\" \"$b\"\nwhile IFS= read -r line; do echo \"$line\"; done < /etc/g\n"
                 "line=$1\necho \"$line\"\n");
  CHECK(facts_of(f, "$a").has(ValueFact::NoNewline) == false);  // the redirection may fail: `a` is unset then
  CHECK(facts_of(f, "$line").has(ValueFact::NoNewline));
  CHECK_FALSE(facts_of(f, "$line", 1).has(ValueFact::NoNewline));
  ModelFixture plain("a=x\nb=y\nread -r a b\necho \"$a\" \"$b\"\n");
  CHECK(facts_of(plain, "$a").has(ValueFact::NoNewline));
  CHECK(facts_of(plain, "$b").has(ValueFact::NoNewline));
  CHECK_FALSE(facts_of(plain, "$b").has(ValueFact::NonEmpty));
}

TEST_CASE("reaching definitions: a default assignment may not happen") {
  ModelFixture f("x=$1\n: ${x:=/a}\necho \"$x\"\ny=/b\n: ${y:=/c}\necho \"$y\"\n");
  CHECK_FALSE(known_path(facts_of(f, "$x")));
  CHECK(known_path(facts_of(f, "$y")));
}

TEST_CASE("reaching definitions: a guard is void when a function assigning the variable runs after it") {
  ModelFixture f("set_n() { n=$1; }\nn=$2\ncase $n in *[!0-9]*|'') exit 1 ;; esac\nset_n \"$3\"\necho \"$n\"\n");
  CHECK_FALSE(facts_of(f, "$n", 1).has(ValueFact::Digits));
}

TEST_CASE("reaching definitions: namerefs, case conversion and justified ksh variables") {
  ModelFixture ref("x=/a\ntypeset -n r=x\nr=$1\necho \"$x\"\n");
  CHECK(facts_of(ref, "$x").bits == 0);
  ModelFixture upper("typeset -u u\nu=/abc\necho \"$u\"\n");
  CHECK(known_path(facts_of(upper, "$u")));
  CHECK(facts_of(upper, "$u").prefix.empty());
  ModelFixture zero("typeset -Z3 z\nz=5\necho \"$z\"\n", Dialect::Ksh);
  CHECK(facts_of(zero, "$z").bits == 0);
}

TEST_CASE("reaching definitions: a function that breaks out of its caller's loop") {
  ModelFixture f("stop() { break; }\nx=/a\nwhile :; do x=$1; stop; x=/b; done\necho \"$x\"\n");
  CHECK_FALSE(known_path(facts_of(f, "$x")));
}

TEST_CASE("reaching definitions: uses inside functions take every definition") {
  ModelFixture f("show() { echo \"$d\"; }\nd=/a\nshow\nd=/b/c\nshow\n");
  CHECK(known_path(facts_of(f, "$d")));
  ModelFixture spoiled("show() { echo \"$d\"; }\nd=/a\nshow\nd=$1\n");
  CHECK_FALSE(known_path(facts_of(spoiled, "$d")));
}

}  // namespace
}  // namespace forklift::testing
