// The measured shell differences that apply to a rule, one test each:
// the fix is withheld or downgraded where the rewrite would behave differently.
#include <catch2/catch.hpp>

#include "rule_golden_support.h"
#include "rules/field_split.h"

namespace forklift::testing {
namespace {

struct Finding {
  bool reported = false;
  std::optional<Applicability> fix;
  std::string replacement;
  std::string reason;
};

Finding first_finding(const std::string& code, const std::string& text, Dialect dialect) {
  RuleRun run = run_rule(code, "trap.sh", text, dialect);
  INFO(run.parse_error);
  REQUIRE(run.parse_error.empty());
  Finding finding;
  if (run.diagnostics.empty()) return finding;
  finding.reported = true;
  const Diagnostic& d = run.diagnostics.front();
  if (d.fix) {
    finding.fix = d.fix->applicability;
    finding.replacement = d.fix->edits.empty() ? "" : d.fix->edits.front().replacement;
    finding.reason = d.fix->reason;
  }
  return finding;
}

TEST_CASE("trap 5.1: v=$(expr ...) under set -e changes the script's fate") {
  Finding f = first_finding("FL101", "set -e\ni=1\ni=$(expr $i - 1)\necho $i\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Unsafe);
  CHECK(f.reason.find("set -e") != std::string::npos);
}

TEST_CASE("trap 5.1: while i=$(expr $i - 1) relies on expr's status") {
  Finding f = first_finding("FL101", "i=3\nwhile i=$(expr $i - 1); do echo $i; done\n", Dialect::Bash);
  CHECK(f.fix == Applicability::DisplayOnly);
}

TEST_CASE("trap 5.1: a counter counting up from 0 never yields 0, so its status is unchanged") {
  Finding f = first_finding("FL101", "set -e\ni=0\ni=$(expr $i + 1)\necho $i\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Safe);
}

TEST_CASE("trap 5.4: leading zeros are decimal for expr and bc, octal for bash arithmetic") {
  CHECK(first_finding("FL101", "x=$(expr 010 + 1)\necho $x\n", Dialect::Bash).replacement == "$((10 + 1))");
  CHECK(first_finding("FL103", "x=$(echo \"010 + 1\" | bc)\necho $x\n", Dialect::Bash).replacement == "$((10 + 1))");
  // A value with a leading zero keeps expr.
  Finding variable = first_finding("FL101", "x=010\ny=$(expr $x + 1)\necho $y\n", Dialect::Bash);
  CHECK(variable.fix == Applicability::Safe);
  CHECK(variable.replacement == "case $x in '' | *[!0123456789]* | 0?* | ???????????????????*) y=$(expr $x + 1) ;; "
                                "*) y=$((x + 1)) ;; esac");
  // No statement of its own for a guard: unsafe.
  CHECK(first_finding("FL101", "x=010\necho $(expr $x + 1) | cat\n", Dialect::Bash).fix == Applicability::Unsafe);
}

TEST_CASE("trap 5.6: division by zero aborts the shell in $(( )) but not expr or bc") {
  CHECK(first_finding("FL101", "d=$1\nq=$(expr 10 / $d)\necho $q\n", Dialect::Bash).fix == Applicability::Unsafe);
  CHECK(first_finding("FL103", "q=$(echo \"10 / 0\" | bc)\necho $q\n", Dialect::Bash).fix == Applicability::DisplayOnly);
}

TEST_CASE("trap 5.9: a non-integer operand is an error for expr and an expression for $(( ))") {
  Finding f = first_finding("FL101", "x=abc\ny=$(expr $x + 1)\necho $y\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Safe);
  CHECK(f.replacement.starts_with("case $x in '' | *[!0123456789]* |"));
  // Under `set -u` the guard reads `${x-}`: an unset `$x` keeps expr.
  Finding nounset = first_finding("FL101", "set -u\ny=$(expr $x + 1)\necho $y\n", Dialect::Bash);
  CHECK(nounset.replacement.starts_with("case ${x-} in '' | *[!0123456789]* |"));
  // Two operands not known to be integers: one `case` cannot test both.
  CHECK(first_finding("FL101", "y=$(expr $1 + $2)\necho $y\n", Dialect::Bash).fix == Applicability::Unsafe);
}

TEST_CASE("trap 5.2: expr length fails on operator-like values") {
  CHECK(first_finding("FL102", "v=$1\nn=$(expr length \"$v\")\necho $n\n", Dialect::Bash).fix == Applicability::Unsafe);
}

TEST_CASE("trap 5.3 and 5.7: bc's unbounded integers and ^ with a negative exponent") {
  CHECK(first_finding("FL103", "x=$(echo \"2^64\" | bc)\necho $x\n", Dialect::Bash).fix == Applicability::DisplayOnly);
  CHECK(first_finding("FL103", "n=$1\nx=$(echo \"2^$n\" | bc)\necho $x\n", Dialect::Bash).fix == Applicability::Unsafe);
  CHECK_FALSE(first_finding("FL103", "x=$(echo \"2^3\" | bc)\necho $x\n", Dialect::Sh).reported);  // dash has no **
}

TEST_CASE("trap 5.7: bc with scale or -l is not integer arithmetic") {
  CHECK_FALSE(first_finding("FL103", "x=$(echo \"scale=2; 7/2\" | bc)\necho $x\n", Dialect::Bash).reported);
  Finding fractional = first_finding("FL104", "x=$(echo \"7/2\" | bc -l)\necho $x\n", Dialect::Bash);
  CHECK(fractional.reported);
  CHECK_FALSE(fractional.fix.has_value());
}

TEST_CASE("trap 5.10: ksh93 set -e exits on let 0 but not on (( 0 ))") {
  CHECK(first_finding("FL105", "set -e\nlet n=0\necho $n\n", Dialect::Ksh).fix == Applicability::Unsafe);
  CHECK(first_finding("FL105", "set -e\nlet n=0\necho $n\n", Dialect::Bash).fix == Applicability::Safe);
}

TEST_CASE("trap 4.2: $[ ] is bash only, (( )) and let are not in dash") {
  CHECK_FALSE(first_finding("FL105", "let n=1\necho $n\n", Dialect::Sh).reported);
}

TEST_CASE("trap 4.3: basename and dirname differ on trailing slashes, / and empty input") {
  CHECK(first_finding("FL301", "echo \"$(basename \"$1\")\" | cat\n", Dialect::Sh).fix == Applicability::Unsafe);
  // A command of its own: the guard wraps it.
  CHECK(first_finding("FL301", "echo \"$(basename \"$1\")\"\n", Dialect::Sh).replacement ==
        "case $1 in -* | *[[:cntrl:]] | */) echo \"$(basename \"$1\")\" ;; *) echo \"${1##*/}\" ;; esac");
  // Not when the command may assign the value before the substitution reads it.
  CHECK(first_finding("FL301", "v=$1\necho \"${v:=x}$(basename \"$v\")\"\n", Dialect::Sh).fix == Applicability::Unsafe);
  CHECK(first_finding("FL301", "v=$1\necho \"$((v += 1))$(basename \"$v\")\"\n", Dialect::Sh).fix ==
        Applicability::Unsafe);
  CHECK(first_finding("FL302", "echo \"$(dirname \"$1\")\" | cat\n", Dialect::Sh).fix == Applicability::Unsafe);
  // A command of its own: the `case` sets a variable of its own first, guarded.
  CHECK(first_finding("FL302", "cd \"$(dirname \"$1\")\"\n", Dialect::Sh).replacement ==
        "case $1 in -* | *[[:cntrl:]]* | */ | *//*) cd \"$(dirname \"$1\")\" ;; *) { case $1 in */*) "
        "directory=${1%/*}; directory=${directory:-/} ;; *) directory=. ;; esac; cd \"${directory}\"; } ;; esac");
  CHECK(first_finding("FL302", "echo \"$? $(dirname \"$1\")\"\n", Dialect::Sh).fix == Applicability::Unsafe);
  // Alone on its statement, the values where they differ keep the command.
  Finding base = first_finding("FL301", "b=$(basename \"$1\")\necho $b\n", Dialect::Sh);
  CHECK(base.fix == Applicability::Safe);
  CHECK(base.replacement == "case $1 in -* | *[[:cntrl:]] | */) b=$(basename \"$1\") ;; *) b=${1##*/} ;; esac");
  Finding dir = first_finding("FL302", "d=$(dirname \"$1\")\necho $d\n", Dialect::Sh);
  CHECK(dir.fix == Applicability::Safe);
  CHECK(dir.replacement == "case $1 in -* | *[[:cntrl:]]* | */ | *//*) d=$(dirname \"$1\") ;; *) case $1 in */*) "
                           "d=${1%/*}; d=${d:-/} ;; *) d=. ;; esac ;; esac");
  // With a suffix: two steps, the second skipped when the name is the suffix (`basename .txt .txt` is `.txt`).
  Finding suffix = first_finding("FL301", "b=$(basename \"$1\" .txt)\necho $b\n", Dialect::Sh);
  CHECK(suffix.fix == Applicability::Safe);
  CHECK(suffix.replacement.find("*) b=${1##*/}; [ \"$b\" = .txt ] || b=${b%.txt} ;; esac") != std::string::npos);
  CHECK(first_finding("FL301", "echo \"$(basename \"$1\" .txt)\"\n", Dialect::Sh).fix == Applicability::DisplayOnly);
}

TEST_CASE("an unquoted value is split and globbed: a guard names what changes it, unless IFS may differ") {
  Finding base = first_finding("FL301", "b=$(basename $1)\necho $b\n", Dialect::Sh);
  CHECK(base.fix == Applicability::Safe);
  // An empty `$1` is no operand at all; `(` is quoted, as a `case` pattern needs.
  CHECK(base.replacement ==
        "case $1 in -* | '' | */ | *[[:space:]]* | *[*?[\\(]* | *\\\\*) b=$(basename $1) ;; *) b=${1##*/} ;; esac");
  Finding sed = first_finding("FL303", "for v; do r=$(echo $v | sed 's/^a//'); echo $r; done\n", Dialect::Bash);
  CHECK(sed.fix == Applicability::Safe);
  CHECK(sed.replacement.find("case $v in -* | *[[:space:]]* | *[*?[\\(]* | *\\\\*) r=") == 0);
  CHECK(first_finding("FL303", "IFS=:\nfor v; do r=$(echo $v | sed 's/^a//'); echo $r; done\n", Dialect::Bash).fix ==
        Applicability::Unsafe);
  CHECK(first_finding("FL301", "IFS=:\nb=$(basename $1)\necho $b\n", Dialect::Sh).fix == Applicability::Unsafe);
}

TEST_CASE("a value after literal text: `echo \"X$v\"` never starts with `-`") {
  Finding f = first_finding("FL303", "for v; do r=$(echo \"X$v\" | sed 's/^X//'); echo \"$r\"; done\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Safe);
  CHECK(f.replacement == "case $v in *$'\\n'*) r=$(echo \"X$v\" | sed 's/^X//') ;; *) r=${v} ;; esac");
  // Text starting with `-` may still be an option.
  CHECK(first_finding("FL303", "for v; do r=$(echo \"-n$v\" | sed 's/^-n//'); echo \"$r\"; done\n", Dialect::Bash)
            .fix == Applicability::Unsafe);
}

TEST_CASE("trap 4.3: echo | wc -c counts the newline echo adds") {
  CHECK(first_finding("FL306", "n=$(echo \"$1\" | wc -c)\necho $n\n", Dialect::Sh).replacement == "$((${#1} + 1))");
  CHECK(first_finding("FL306", "n=$(printf %s \"$1\" | wc -c)\necho $n\n", Dialect::Sh).replacement == "${#1}");
}

TEST_CASE("trap 4.3: echo eats -n, so piping a value through echo is never safe") {
  Finding f = first_finding("FL303", "v=$1\necho \"$(echo \"$v\" | sed 's/x/y/g')\" | cat\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Unsafe);
  CHECK(f.reason.find("-n") != std::string::npos);
  // Alone on its statement: values starting with `-` keep echo and sed.
  Finding guarded = first_finding("FL303", "v=$1\nw=$(echo \"$v\" | sed 's/x/y/g')\necho $w\n", Dialect::Bash);
  CHECK(guarded.fix == Applicability::Safe);
  CHECK(guarded.replacement.starts_with("case $v in -* | *$'\\n'*) w=$(echo"));
}

TEST_CASE("trap 4.3: sed patterns are regular expressions, ${v/p/r} patterns are globs") {
  CHECK(first_finding("FL303", "v=$1\necho \"$(echo \"$v\" | sed 's/./X/')\" | cat\n", Dialect::Bash).replacement ==
        "${v/?/X}");
  CHECK(first_finding("FL303", "v=$1\necho \"$(echo \"$v\" | sed 's/?/X/g')\" | cat\n", Dialect::Bash).replacement ==
        "${v//\"?\"/X}");
}

TEST_CASE("trap 4.3: sed without g replaces on every line of a multi-line value") {
  Finding f = first_finding("FL303", "v=$1\necho \"$(printf '%s\\n' \"$v\" | sed 's/x/y/')\" | cat\n", Dialect::Bash);
  CHECK(f.reason.find("multi-line") != std::string::npos);
  Finding guarded = first_finding("FL303", "v=$1\nw=$(printf '%s\\n' \"$v\" | sed 's/x/y/')\necho $w\n", Dialect::Bash);
  CHECK(guarded.replacement.starts_with("case $v in *$'\\n'*) w=$(printf"));
}

TEST_CASE("trap 4.3: tr a-z A-Z leaves non-ASCII letters alone, ${v^^} does not") {
  Finding f = first_finding("FL304", "v=$1\nu=$(echo \"$v\" | tr a-z A-Z)\necho $u\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Unsafe);
  CHECK(f.reason.find("non-ASCII") != std::string::npos);
}

TEST_CASE("trap 4.3: cut -f2 on a value without the delimiter prints the whole value") {
  Finding second = first_finding("FL305", "u=$(echo \"$1\" | cut -d: -f2)\necho $u\n", Dialect::Sh);
  CHECK(second.reported);
  // A value without the delimiter keeps the whole value, as `cut` prints the whole line.
  CHECK(second.replacement.find("*) case $1 in *:*) u=$1; u=${u#*:}; u=${u%%:*} ;; *) u=$1 ;; esac ;; esac") !=
        std::string::npos);
  CHECK(second.fix == Applicability::Safe);  // guarded: `-*`, backslashes and newlines keep `cut`
  CHECK(first_finding("FL305", "echo \"$(echo \"$1\" | cut -d: -f1)\" | cat\n", Dialect::Sh).replacement ==
        "${1%%:*}");
}

TEST_CASE("cut -f2- on a value without the delimiter prints the whole value, as ${v#*C} leaves it") {
  Finding rest = first_finding("FL305", "v=a:b:c\nr=$(echo \"$v\" | cut -d: -f2-)\necho \"$r\"\n", Dialect::Sh);
  CHECK(rest.fix == Applicability::Safe);
  CHECK(rest.replacement == "${v#*:}");
  // From `$1` nothing is known: a leading `-`, a backslash or a newline keeps `cut`.
  Finding guarded = first_finding("FL305", "printf '%s\\n' \"$(echo \"$1\" | cut -d: -f2-)\"\n", Dialect::Sh);
  CHECK(guarded.fix == Applicability::Safe);
  CHECK(guarded.replacement.starts_with("case $1 in -* | *\\\\* | *[[:cntrl:]]*) "));
}

TEST_CASE("cut rejects field 0 and a decreasing range: a field number from a variable keeps cut for those") {
  Finding one = first_finding("FL305", "v=a:b\nr=$(echo \"$v\" | cut -d: -f\"$i\")\necho \"$r\"\n", Dialect::Sh);
  CHECK(one.fix == Applicability::Safe);
  CHECK(one.replacement.starts_with("case $i in '' | *[!0123456789]* | 0* | ???????????????????*) r=$(echo"));
  // Past 100 the range `-f "$i"-100` would decrease.
  Finding range = first_finding("FL305", "v=a:b\nr=$(echo \"$v\" | cut -d: -f\"$i\"-100)\n", Dialect::Sh);
  CHECK(range.replacement.find("| ????* | [23456789]?? | 1[123456789]? | 10[123456789]) r=$(echo") !=
        std::string::npos);
  CHECK(numbers_above(9) == std::vector<std::string>{"??*"});
  CHECK(numbers_above(35) == std::vector<std::string>{"???*", "[456789]?", "3[6789]"});
  // Read once by the guard and once by the loop: a variable that changes between reads is not rewritten.
  CHECK_FALSE(first_finding("FL305", "v=a:b\nr=$(echo \"$v\" | cut -d: -f\"$RANDOM\")\n", Dialect::Bash).fix);
  CHECK_FALSE(first_finding("FL305", "v=a:b\nr=$(echo \"$v\" | cut -d: -f\"$i\"-\"$j\")\n", Dialect::Sh).fix);
}

TEST_CASE("awk -Ft is a tab in gawk and the letter t in mawk and busybox: not rewritten") {
  CHECK_FALSE(first_finding("FL311", "v=atb\nf=$(echo \"$v\" | awk -Ft '{print $1}')\necho \"$f\"\n", Dialect::Bash).reported);
  CHECK(first_finding("FL311", "v=a:b\nf=$(echo \"$v\" | awk -F: '{print $1}')\necho \"$f\"\n", Dialect::Bash).fix ==
        Applicability::Safe);
}

TEST_CASE("awk on an unknown value: a leading -, a backslash or a newline keeps awk (echo, and awk reads lines)") {
  Finding f = first_finding("FL311", "f=$(echo \"$1\" | awk -F: '{print $NF}')\necho \"$f\"\n", Dialect::Sh);
  CHECK(f.fix == Applicability::Safe);
  CHECK(f.replacement == "case $1 in -* | *\\\\* | *[[:cntrl:]]*) f=$(echo \"$1\" | awk -F: '{print $NF}') ;; "
                         "*) f=${1##*:} ;; esac");
}

TEST_CASE("trap 4.2: $(<file) is silently empty in dash") {
  CHECK_FALSE(first_finding("FL401", "x=$(cat /etc/hosts)\necho \"$x\"\n", Dialect::Sh).reported);
  CHECK(first_finding("FL401", "x=$(cat /etc/hosts)\necho \"$x\"\n", Dialect::Bash).fix == Applicability::Safe);
}

TEST_CASE("trap: a here-document keeps a backslash before a quote, double quotes drop it") {
  Finding f = first_finding("FL406", "cat <<EOF\na \\\"b\\\" \"c\"\nEOF\n", Dialect::Sh);
  CHECK(f.fix == Applicability::Safe);
  CHECK(f.replacement == "printf %s \"\\\na \\\\\\\"b\\\\\\\" \\\"c\\\"\n\"");
}

TEST_CASE("trap: $@ in a here-document is joined, in double quotes it is several arguments") {
  CHECK_FALSE(first_finding("FL406", "cat <<EOF\nargs: $@\nEOF\n", Dialect::Bash).reported);
  CHECK_FALSE(first_finding("FL406", "cat <<EOF\nargs: $*\nEOF\n", Dialect::Bash).reported);
}

TEST_CASE("trap: bash expands a here-document in the forked cat, where set -u ends only cat") {
  Finding f = first_finding("FL406", "set -u\ncat <<EOF\n$name\nEOF\necho after\n", Dialect::Bash);
  CHECK(f.fix == Applicability::Unsafe);
  CHECK(first_finding("FL406", "set -u\nname=x\ncat <<EOF\n$name\nEOF\n", Dialect::Bash).fix ==
        Applicability::Safe);
}

TEST_CASE("trap: ${x:=v} in a here-document assigns before a redirection reads $x") {
  CHECK_FALSE(first_finding("FL406", "cat <<EOF >\"$x\"\n${x:=log}\nEOF\n", Dialect::Sh).reported);
  CHECK_FALSE(first_finding("FL406", "cat <<EOF >\"$(f)\"\nbody\nEOF\n", Dialect::Sh).reported);
}

TEST_CASE("trap: mksh's printf is not a builtin; print -nr is") {
  CHECK(first_finding("FL406", "cat <<EOF\nx\nEOF\n", Dialect::Mksh).replacement == "print -nr -- \"\\\nx\n\"");
  CHECK_FALSE(first_finding("FL406", "printf() { :; }\ncat <<EOF\nx\nEOF\n", Dialect::Sh).reported);
}

TEST_CASE("trap: a here-document whose command line goes on after cat is not moved") {
  CHECK_FALSE(first_finding("FL406", "cat <<EOF || exit 1\nx\nEOF\n", Dialect::Sh).reported);
  CHECK_FALSE(first_finding("FL406", "cat <<A; cat <<B\na\nA\nb\nB\n", Dialect::Sh).reported);
}

TEST_CASE("trap 4.3: seq 5 1 prints nothing; the counter loop does not count down") {
  Finding f = first_finding("FL403", "for i in $(seq 5 1); do echo $i; done\n", Dialect::Bash);
  CHECK(f.replacement == "for ((i = 5; i <= 1; i++))");
}

TEST_CASE("trap 4.2: dash has no arithmetic for: a while counter instead") {
  Finding f = first_finding("FL403", "for i in $(seq 3); do\n  echo $i\ndone\n", Dialect::Sh);
  CHECK(f.replacement == "i=1; while [ \"$i\" -le 3 ]");
}

TEST_CASE("trap 4.2: ksh93 forks no process for $(pwd), bash does") {
  RuleRun ksh = run_rule("FL307", "trap.ksh", "for d in a b; do x=$(pwd); done\n", Dialect::Ksh);
  RuleRun bash = run_rule("FL307", "trap.bash", "for d in a b; do x=$(pwd); done\n", Dialect::Bash);
  REQUIRE(ksh.diagnostics.size() == 1);
  REQUIRE(bash.diagnostics.size() == 1);
  CHECK(ksh.diagnostics[0].cost->forks_per_execution == 0);
  CHECK(bash.diagnostics[0].cost->forks_per_execution == 1);
  CHECK(bash.diagnostics[0].cost->estimated_forks == 2);
}

TEST_CASE("trap: $( ) strips the newline a directory name may end in, $PWD keeps it") {
  Finding here = first_finding("FL307", "here=$(pwd)\necho \"$here\"\n", Dialect::Bash);
  CHECK(here.fix == Applicability::Safe);
  CHECK(here.replacement == "case $PWD in *$'\\n') here=$(pwd) ;; *) here=$PWD ;; esac");
  // pwd prints the directory, not what the script put in `$PWD`.
  CHECK(first_finding("FL307", "PWD=/x\nhere=$(pwd)\n", Dialect::Bash).fix == Applicability::Unsafe);
  CHECK_FALSE(first_finding("FL307", "case $PWD in *$'\\n') here=$(pwd) ;; *) here=$PWD ;; esac\n", Dialect::Bash)
                  .reported);
}

TEST_CASE("nested escaped backticks become nested $( )") {
  CHECK(first_finding("FL201", "x=`echo \\`echo inner\\``\n", Dialect::Sh).replacement == "$(echo $(echo inner))");
  CHECK(first_finding("FL201", "x=`echo \\$HOME`\n", Dialect::Sh).replacement == "$(echo $HOME)");
  // A `$` right before a backtick is a literal `$`: `$$(…)` would be the PID.
  CHECK(first_finding("FL201", "x=\"$`echo y`\"\n", Dialect::Sh).replacement == "\\$$(echo y)");
  CHECK(first_finding("FL201", "eval v=$`echo $n`\n", Dialect::Sh).replacement == "\\$$(echo $n)");
  CHECK(first_finding("FL201", "x=\\$`echo y`\n", Dialect::Sh).replacement == "$(echo y)");
  // `\\` at the end unescapes to a lone `\` that would escape the `)`: reported, not rewritten.
  Finding trailing = first_finding("FL201", "x=`echo \\\\`\n", Dialect::Sh);
  CHECK(trailing.reported);
  CHECK_FALSE(trailing.fix.has_value());
}

}  // namespace
}  // namespace forklift::testing

namespace forklift::testing {
namespace {

TEST_CASE("guarded rewrites: set -u, unstable variables and their own fallback arm") {
  // Under `set -u` an unset `$1` ends only the `$( )` subshell of the original; `case $1` would end the
  // script, `case ${1-}` sends it to the original.
  Finding nounset = first_finding("FL303", "set -u\nw=$(echo \"$1\" | sed 's/x/y/')\necho $w\n", Dialect::Sh);
  CHECK(nounset.fix == Applicability::Safe);
  CHECK(nounset.replacement.starts_with("case ${1-} in -* | *\\\\* | *[[:cntrl:]]* | '') w=$(echo"));
  CHECK(nounset.reason.find("unset") != std::string::npos);
  // A `for` variable is set wherever its body runs.
  Finding loop = first_finding("FL303", "set -eu\nfor f; do w=$(echo \"$f\" | sed 's/x/y/'); done\n", Dialect::Sh);
  CHECK(loop.fix == Applicability::Safe);
  // `$RANDOM` reads differently in the guard than in the command.
  Finding random = first_finding("FL303", "w=$(echo \"$RANDOM\" | sed 's/1/one/')\necho $w\n", Dialect::Sh);
  CHECK(random.fix == Applicability::Unsafe);
  CHECK(random.reason.find("no guard") != std::string::npos);
  // Unquoted, the value is split and globbed: the guard names blanks and
  // glob characters too.
  Finding unquoted = first_finding("FL303", "w=$(echo $1 | sed 's/x/y/')\n", Dialect::Sh);
  CHECK(unquoted.fix == Applicability::Safe);
  CHECK(unquoted.replacement.starts_with("case $1 in -* | *[[:space:]]* | *[*?[\\(]* | *\\\\*) w=$(echo $1"));
  // The guard's first arm is the fallback: left alone, so fixing twice changes nothing.
  CHECK_FALSE(first_finding("FL303", "case $1 in -* | *\\\\* | *[[:cntrl:]]*) w=$(echo \"$1\" | sed 's/x/y/') ;; "
                                     "*) w=$1 ;; esac\n", Dialect::Sh).reported);
  CHECK_FALSE(first_finding("FL303", "set -u\ncase ${1-} in -* | *\\\\* | *[[:cntrl:]]* | '') w=$(echo \"$1\" | "
                                     "sed 's/x/y/') ;; *) w=$1 ;; esac\n", Dialect::Sh).reported);
  // A `case` of the user's on another variable is no guard of this one.
  CHECK(first_finding("FL303", "case $a in -*) w=$(echo \"$1\" | sed 's/x/y/') ;; *) : ;; esac\n", Dialect::Sh)
            .reported);
}

}  // namespace
}  // namespace forklift::testing
