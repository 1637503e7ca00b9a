// The sed compiler's translations on their own: the shell text each shape
// becomes per dialect, the caveats that make it inexact, and the refusals.
#include <catch2/catch.hpp>

#include "rules/sed/translate.h"

namespace forklift::sed {
namespace {

Translation translated(const std::vector<std::string>& arguments, Target target = Target::Posix) {
  SedParse parse = parse_sed_arguments(arguments);
  INFO(parse.error);
  REQUIRE(parse.program);
  return translate(*parse.program, "v", "r", target, "t");
}

std::string expression(const std::vector<std::string>& arguments, Target target = Target::Posix) {
  Translation t = translated(arguments, target);
  INFO(arguments.back() << ": " << t.refusal);
  REQUIRE(t.expression);
  return *t.expression;
}

std::string statements(const std::vector<std::string>& arguments, Target target = Target::Posix) {
  Translation t = translated(arguments, target);
  INFO(arguments.back() << ": " << t.refusal);
  REQUIRE(t.refusal.empty());
  return t.statements;
}

TEST_CASE("POSIX prefix and suffix removals", "[sed][translate]") {
  CHECK(expression({"s/^X//"}) == "${v#X}");
  CHECK(expression({"s/=.*//"}) == "${v%%=*}");
  CHECK(expression({"s/.*\\///"}) == "${v##*/}");
  CHECK(expression({"s,/[^/]*$,,"}) == "${v%/*}");
  CHECK(expression({"s/^[^=]*=//"}) == "${v#*=}");
  CHECK(expression({"s/^[ ]*//"}) == "${v#\"${v%%[! ]*}\"}");
  CHECK(expression({"s/ *$//"}) == "${v%\"${v##*[! ]}\"}");
  CHECK(expression({"s/\\.o$//"}) == "${v%.o}");
}

TEST_CASE("one-character atoms are exact in bash and ksh, not in dash", "[sed][translate]") {
  Translation sh = translated({"s/^.//"});
  REQUIRE(sh.expression);
  CHECK(*sh.expression == "${v#?}");
  CHECK_FALSE(sh.caveats.empty());
  Translation bash = translated({"s/^.//"}, Target::Bash);
  CHECK(bash.caveats.empty());
  // A bracket of ASCII members takes a UTF-8 character whole or not at all;
  // a negated one, or a class like `[:alpha:]`, may take one of its bytes.
  CHECK(translated({"s/^[0-9]//"}).caveats.empty());
  CHECK(translated({"s/^[^0-9]//"}).caveats.size() == 1);
  CHECK(translated({"s/^[[:alpha:]]//"}).caveats.size() == 1);
  // Before `.*`, the longest match starts at a character's first byte.
  CHECK(translated({"s/[^0-9].*//"}).caveats.empty());
  CHECK(translated({"s/^.x//"}).caveats.size() == 1);
}

TEST_CASE("replacements: `case` in sh, `${v/p/r}` in bash and ksh", "[sed][translate]") {
  CHECK(statements({"s/^X/Y/"}) == "case $v in X*) r=Y${v#X};; *) r=${v};; esac");
  CHECK(expression({"s/^X/Y/"}, Target::Bash) == "${v/#X/Y}");
  CHECK(statements({"s/a/b/"}) == "case $v in *a*) r=${v%%a*}b${v#*a};; *) r=${v};; esac");
  CHECK(expression({"s/a.b/X/g"}, Target::Bash) == "${v//a?b/X}");
  CHECK_FALSE(translated({"s/a.b/X&/g"}, Target::Bash).refusal.empty());
  CHECK(expression({"s/lit/&&/g"}, Target::Bash) == "${v//lit/litlit}");
  CHECK(expression({"s/\\//\\\\/g"}, Target::Bash) == "${v//\"/\"/\"\\\\\"}");
  CHECK(expression({"s/\\*/\\&/g"}, Target::Ksh) == "${v//\"*\"/\"&\"}");
}

TEST_CASE("several commands chain through the output variable", "[sed][translate]") {
  CHECK(statements({"-e", "s/^X//", "-e", "s/=.*//"}) == "r=${v#X}\nr=${r%%=*}");
  CHECK_FALSE(translated({"-e", "s/^X//", "-e", "s/=.*//"}).expression);
}

TEST_CASE("runs squeezed with g become a loop; y becomes one replacement per character", "[sed][translate]") {
  CHECK(statements({"s,//*,/,g"}) ==
        "r=${v}\nwhile :; do case $r in *//*) r=${r%%//*}/${r#*//};; *) break;; esac; done");
  CHECK(statements({"y/ab/xy/"}, Target::Bash) == "r=${v//a/x}; r=${r//b/y}");
  CHECK_FALSE(translated({"y/ab/ba/"}, Target::Bash).refusal.empty());
  // POSIX sh: a loop over the characters, swaps included.
  CHECK(statements({"y/ab/ba/"}) ==
        "t=${v}; r=\nwhile :; do case $t in '') break;; a*) r=${r}b;; b*) r=${r}a;; *) r=${r}${t%\"${t#?}\"};; "
        "esac; t=${t#?}; done");
  CHECK(statements({"y/*./_-/"}).find(" \"*\"*) r=${r}_;; .*) r=${r}-;;") != std::string::npos);
  // A newline would break the one line the statements are joined on (tr's
  // sets reach `y` with one).
  SedProgram newline;
  newline.commands.push_back(SedCommand{SedCommand::Kind::Transliterate, {}, 0, {}, false, 1, false, "\n", " "});
  CHECK_FALSE(translate(newline, "v", "r", Target::Bash, "t").refusal.empty());
  CHECK_FALSE(translate(newline, "v", "r", Target::Posix, "t").refusal.empty());
  Translation no_scratch = translate(*parse_sed_arguments({"y/ab/xy/"}).program, "v", "r", Target::Posix);
  CHECK_FALSE(no_scratch.refusal.empty());
}

TEST_CASE("-n with s///p keeps only matching lines", "[sed][translate]") {
  CHECK(statements({"-n", "s/^X//p"}) == "case $v in X*) r=${v#X};; *) r=;; esac");
}

TEST_CASE("text put before or after the line", "[sed][translate]") {
  CHECK(statements({"s/^/  /"}) == "r=\"  \"${v}");
  CHECK(statements({"s,$,>,"}) == "r=${v}\">\"");
  CHECK(statements({"s/^/&x/"}) == "r=x${v}");
  CHECK(statements({"s/^$/E/"}) == "case $v in \"\") r=E;; *) r=${v};; esac");
  CHECK(statements({"-e", "s,^mailto:,<,", "-e", "s,$,>,"}) ==
        "case $v in mailto:*) r=\"<\"${v#mailto:};; *) r=${v};; esac\nr=${r}\">\"");
  CHECK(statements({"-n", "s/^/x/p"}) == "r=x${v}");
  CHECK(expression({"s/^//"}) == "${v}");
}

TEST_CASE("a pattern that matches the empty string is anchored at the start", "[sed][translate]") {
  CHECK(expression({"s/[^.]*//"}) == "${v#\"${v%%[.]*}\"}");
  CHECK(expression({"s/ *//"}) == "${v#\"${v%%[! ]*}\"}");
  // It cannot match the empty string: not anchored, but the run before the
  // first `=` (see the fields and separators below).
  CHECK_FALSE(translated({"s/[-_a-zA-Z0-9]*=//"}).expression);
  // `$` matches the empty string only at the end of the line.
  CHECK(expression({"s/ *$//"}) == "${v%\"${v##*[! ]}\"}");
  // With g it matches again after each match.
  CHECK_FALSE(translated({"s/[^.]*//g"}, Target::Bash).refusal.empty());
}

TEST_CASE("brackets with parentheses, `*` and `?` are escaped", "[sed][translate]") {
  CHECK(expression({"s/[-(].*//"}) == "${v%%[-\\(]*}");
  CHECK(expression({"s/[?*]$//"}) == "${v%[\\?\\*]}");
  // Next to a range's `-` the shells read the backslash differently.
  CHECK_FALSE(translated({"s/[(-+].*//"}).refusal.empty());
  CHECK_FALSE(translated({"s/[&].*//"}).refusal.empty());
}

TEST_CASE("blanks in a bracket of a case pattern are escaped, not copied", "[sed][translate]") {
  // A bare blank would end the pattern's word.
  CHECK(statements({"s/[ \t]//g"}) ==
        "r=${v}\nwhile :; do case $r in *[\\ \\\t]*) r=${r%%[\\ \\\t]*}${r#*[\\ \\\t]};; *) break;; esac; done");
  CHECK(expression({"s/[ \t]//g"}, Target::Bash) == "${v//[\\ \\\t]/}");
  // Next to a range's `-` the backslash is read differently: refused.
  CHECK_FALSE(translated({"s/[ -~]//g"}).refusal.empty());
}

TEST_CASE("a run of at least one at an end: as the run of any length, with the replacement only where it is", "[sed][translate]") {
  CHECK(expression({"s/XX*$//"}) == "${v%\"${v##*[!X]}\"}");
  CHECK(expression({"s/^  *//"}) == "${v#\"${v%%[! ]*}\"}");
  CHECK(statements({"s/X\\+$/Y/"}) == "case $v in *X) r=${v%\"${v##*[!X]}\"}Y;; *) r=${v};; esac");
  CHECK(statements({"s/^[ \t][ \t]*/>/"}).starts_with("case $v in [\\ \\\t]*) r=\">\"${v#"));
  // Under -n only a line that ends in the run is printed.
  CHECK(statements({"-n", "s/XX*$//p"}) == "case $v in *X) r=${v%\"${v##*[!X]}\"};; *) r=;; esac");
  // Two different atoms are not one run.
  CHECK_FALSE(translated({"s/XY*$//"}).refusal.empty());
}

TEST_CASE("a leading run before a literal it never matches is stripped first", "[sed][translate]") {
  CHECK(statements({"s/^-*with-/W:/"}) ==
        "r=${v#\"${v%%[!-]*}\"}\ncase $r in with-*) r=W:${r#with-};; *) r=${v};; esac");
  CHECK(statements({"-n", "s/^-*without-\\(.*\\)/\\1/p"}) ==
        "r=${v#\"${v%%[!-]*}\"}\ncase $r in without-*) r=${r#without-};; *) r=;; esac");
  // The whole match holds the run; a run of the literal that follows is not one.
  CHECK_FALSE(translated({"s/^-*x/[&]/"}).refusal.empty());
  CHECK_FALSE(translated({"s/^a*ab/X/"}, Target::Bash).refusal.empty());
  CHECK(statements({"s/^a*b.*//"}) == "r=${v#\"${v%%[!a]*}\"}\ncase $r in b*) r=;; *) r=${v};; esac");
}

TEST_CASE("a bracket of `!` and `^` never becomes a negated pattern", "[sed][translate]") {
  CHECK(expression({"s/[!x].*//"}) == "${v%%[x!]*}");
  // Moving the first member last would give `[^!]`, negated in every shell.
  CHECK_FALSE(translated({"s/[!^]//g"}, Target::Bash).refusal.empty());
  CHECK_FALSE(translated({"s/[!^].*//"}).refusal.empty());
}

TEST_CASE("global replacements in POSIX sh are loops", "[sed][translate]") {
  // Nothing in the replacement can match: the line is edited in place.
  CHECK(statements({"s/:/ /g"}) ==
        "r=${v}\nwhile :; do case $r in *:*) r=${r%%:*}\" \"${r#*:};; *) break;; esac; done");
  CHECK(statements({"s/[-+.]/_/g"}) ==
        "r=${v}\nwhile :; do case $r in *[-+.]*) r=${r%%[-+.]*}_${r#*[-+.]};; *) break;; esac; done");
  CHECK(statements({"s,<,\\&lt;,g"}) ==
        "r=${v}\nwhile :; do case $r in *\"<\"*) r=${r%%\"<\"*}\"&lt;\"${r#*\"<\"};; *) break;; esac; done");
  // The replacement holds what the pattern matches: the rest goes through the scratch variable.
  CHECK(statements({"s/ /, /g"}) ==
        "t=${v}; r=\nwhile :; do case $t in *\" \"*) r=$r${t%%\" \"*}\", \"; t=${t#*\" \"};; "
        "*) r=$r$t; break;; esac; done");
  CHECK(statements({"s/ab/&&/g"}).starts_with("t=${v}; r="));
  CHECK(statements({"s/[^a-z]/_/g"}).starts_with("t=${v}; r="));
  CHECK(statements({"s/[a-z]/0/g"}).starts_with("t=${v}; r="));
  CHECK(statements({"s/[ab]/c/g"}).starts_with("r=${v}\n"));
  Translation no_scratch = translate(*parse_sed_arguments({"s/ /, /g"}).program, "v", "r", Target::Posix);
  CHECK_FALSE(no_scratch.refusal.empty());
  // A stand-in for a variable's value (rules/sed_rewrite.h) may hold the
  // pattern: copied through, never edited in place (`s/o/$x/g`, x=oo).
  CHECK(statements({"s/o/\x01/g"}).starts_with("t=${v}; r="));
  CHECK_FALSE(translated({"s/a*b/c/g"}).refusal.empty());
  CHECK_FALSE(translated({"s/[ab]/&&/g"}).refusal.empty());
}

TEST_CASE("under -n a loop runs only on a line it changes", "[sed][translate]") {
  CHECK(statements({"-n", "s,//*,/,gp"}) ==
        "case $v in */*) r=${v}; while :; do case $r in *//*) r=${r%%//*}/${r#*//};; *) break;; esac; done;; "
        "*) r=;; esac");
  CHECK(statements({"-n", "s/:/-/gp"}).starts_with("case $v in *:*) r=${v}; while"));
  CHECK(statements({"-n", "s/:/-/gp"}, Target::Bash) == "case $v in *:*) r=${v//:/-};; *) r=;; esac");
}

TEST_CASE("groups between separators that fix where the line splits", "[sed][translate]") {
  CHECK(statements({"-n", "s,^.*/\\([^/]*\\)$,\\1,p"}) == "case $v in */*) r=${v##*/};; *) r=;; esac");
  CHECK(statements({"s,^\\([^/]*\\)/.*$,\\1,"}) == "case $v in */*) r=${v%%/*};; *) r=${v};; esac");
  std::string fields = "s/^\\([^-]*\\)-\\([^-]*\\)-\\(.*\\)$/";
  CHECK(statements({fields + "\\1/"}) == "case $v in *-*-*) r=${v%%-*};; *) r=${v};; esac");
  CHECK(statements({fields + "\\2/"}) == "case $v in *-*-*) r=${v#*-}; r=${r%%-*};; *) r=${v};; esac");
  CHECK(statements({fields + "<\\3>/"}) ==
        "case $v in *-*-*) r=${v#*-}; r=${r#*-}; r=\"<\"${r}\">\";; *) r=${v};; esac");
  CHECK(statements({"-n", "s/^diversion by \\(.*\\) to:.*$/\\1/p"}) ==
        "case $v in \"diversion by \"*\" to:\"*) r=${v#\"diversion by \"}; r=${r%\" to:\"*};; *) r=;; esac");
  // A last group of `.*` alone reaches the end of the line, as `.*` does.
  CHECK(statements({"-n", "s/^-[^=]*=\\(.*\\)/\\1/p"}) == "case $v in -*=*) r=${v#-}; r=${r#*=};; *) r=;; esac");
  CHECK(statements({"-n", "s/^.*\\.\\(.*\\)/\\1/p"}) == "case $v in *.*) r=${v##*.};; *) r=;; esac");
  CHECK(statements({"s/\\(.*\\)-x$/\\1/"}) == "case $v in *-x) r=${v%-x*};; *) r=${v};; esac");
  // Unanchored: the kept text before and after the match.
  CHECK(statements({"s/\\.\\([^.]*\\)$/.T\\1/"}) == "case $v in *.*) r=${v%.*}.T${v##*.};; *) r=${v};; esac");
  CHECK(statements({"s/\"\\(.*\\)\"/\\1/"}) ==
        "case $v in *\"\\\"\"*\"\\\"\"*) t=${v#*\"\\\"\"}; t=${t%\"\\\"\"*}; "
        "r=${v%%\"\\\"\"*}${t}${v##*\"\\\"\"};; *) r=${v};; esac");
  // Where the split depends on what follows, or two groups are named: refused.
  CHECK_FALSE(translated({"s/^\\(.*\\)-\\(.*\\)-x$/\\1/"}).refusal.empty());
  CHECK_FALSE(translated({"s/^\\([^-]*\\)-$/\\1/"}).refusal.empty());
  CHECK_FALSE(translated({"s/^\\([^-]*\\)x\\(.*\\)$/\\1/"}).refusal.empty());
  CHECK_FALSE(translated({"s/^\\([^-]*\\)-\\(.*\\)$/\\2\\1/"}).refusal.empty());
  CHECK_FALSE(translated({"s/\\(a\\)\\(b\\)/\\2/"}).refusal.empty());
  CHECK_FALSE(translated({"s/KDE.*: \\([0-9]\\).*/\\1/"}).refusal.empty());
  CHECK_FALSE(translated({"s/^\\(.*\\)$/&/"}).refusal.empty());
  CHECK_FALSE(translated({"s/x\\([^-]*\\)-\\(.*\\)$/\\1/"}).refusal.empty());
  // Without a scratch variable the kept text and a worked-out group do not fit.
  Translation no_scratch = translate(*parse_sed_arguments({"s/\"\\(.*\\)\"/\\1/"}).program, "v", "r", Target::Posix);
  CHECK_FALSE(no_scratch.refusal.empty());
}

TEST_CASE("a trailing run removed after another character", "[sed][translate]") {
  Translation t = translated({"s,\\([^/]\\)//*$,\\1,"});
  CHECK(t.statements == "case $v in *[!/]*/) r=${v%\"${v##*[!/]}\"};; *) r=${v};; esac");
  CHECK(t.caveats.empty());
  CHECK(statements({"s,\\([^/]\\)/\\+$,\\1,"}) == t.statements);
  CHECK_FALSE(translated({"s,\\([^/]\\)//*$,\\1x,"}).refusal.empty());
  CHECK_FALSE(translated({"s,\\([^/]\\)::*$,\\1,"}).refusal.empty());
}

TEST_CASE("unanchored fields without groups split the same way", "[sed][translate]") {
  // From the first `a` (the leftmost match) to the last `b` after it.
  CHECK(statements({"s/a.*b/X/"}) == "case $v in *a*b*) r=${v%%a*}X${v##*b};; *) r=${v};; esac");
  CHECK(statements({"s/(.*)//"}) == "case $v in *\"(\"*\")\"*) r=${v%%\"(\"*}${v##*\")\"};; *) r=${v};; esac");
  // `[^=]*=` matches from the start whenever it matches.
  CHECK(expression({"s/[^=]*=//"}) == "${v#*=}");
  CHECK(statements({"s/[^:]*:\\(.*\\)$/<\\1>/"}) == "case $v in *:*) r=\"<\"${v#*:}\">\";; *) r=${v};; esac");
  CHECK_FALSE(translated({"s/a.*b.*c/X/"}).refusal.empty());
}

TEST_CASE("a field and the run of separators beside it", "[sed][translate]") {
  CHECK(statements({"s,/*[^/]*$,,"}) == "r=${v%\"${v##*[/]}\"}\nr=${r%\"${r##*[!/]}\"}");
  CHECK(statements({"s,^[^/]*/*,,"}) == "r=${v#\"${v%%[/]*}\"}\nr=${r#\"${r%%[!/]*}\"}");
  CHECK(statements({"s,^[^:]*:*,<,"}) == "r=${v#\"${v%%[:]*}\"}\nr=\"<\"${r#\"${r%%[!:]*}\"}");
  // A run before the first separator outside it: the leftmost match.
  CHECK(statements({"s/[-_a-z0-9]*=//"}) ==
        "case $v in *=*) t=${v#*=}; r=${v%%=*}\nr=${r%\"${r##*[!-_a-z0-9]}\"}${t};; *) r=${v};; esac");
  CHECK_FALSE(translated({"s/[-_a-z=]*=//"}).refusal.empty());
  CHECK_FALSE(translated({"s/[[:punct:]]*=//"}).refusal.empty());
  CHECK_FALSE(translated({"s/[a-z]*=/&/"}).refusal.empty());
  // With g the same match repeats nowhere, but the shape is not read then.
  CHECK_FALSE(translated({"s,/*[^/]*$,,g"}).refusal.empty());
}

Translation prefixed(const std::vector<std::string>& arguments, std::string_view prefix,
                     Target target = Target::Posix) {
  SedParse parse = parse_sed_arguments(arguments);
  REQUIRE(parse.program);
  return translate(*parse.program, "v", "r", target, "t", prefix);
}

TEST_CASE("a value after literal text: the first command drops it or keeps it unmatched", "[sed][translate]") {
  Translation strip = prefixed({"-e", "s/^X//", "-e", "s/=.*//"}, "X");
  CHECK(strip.statements == "r=${v}\nr=${r%%=*}");
  Translation alone = prefixed({"s/^X//"}, "X");
  REQUIRE(alone.expression);
  CHECK(*alone.expression == "${v}");
  Translation option = prefixed({"s/^X--dir=//"}, "X");
  CHECK(option.statements == "case $v in --dir=*) r=${v#--dir=};; *) r=X${v};; esac");
  CHECK_FALSE(option.expression);
  CHECK(prefixed({"s/^.-L//"}, "x").statements == "case $v in -L*) r=${v#-L};; *) r=x${v};; esac");
  CHECK(prefixed({"-n", "s/^X-//p"}, "X").statements == "case $v in -*) r=${v#-};; *) r=;; esac");
  // The prefix must be matched at the start, and `&` would need it.
  CHECK_FALSE(prefixed({"s/=.*//"}, "X").refusal.empty());
  CHECK_FALSE(prefixed({"s/^Y//"}, "X").refusal.empty());
  CHECK_FALSE(prefixed({"s/^X-/&/"}, "X").refusal.empty());
}

TEST_CASE("shapes without an exact equivalent are refused", "[sed][translate]") {
  CHECK_FALSE(translated({"s/^[ab]*b.*//"}).refusal.empty());
  CHECK_FALSE(translated({"s/a/b/2"}, Target::Bash).refusal.empty());
  CHECK_FALSE(translated({"s/x*y*z/z/"}, Target::Bash).refusal.empty());
  CHECK_FALSE(translated({"s/a/b/p"}).refusal.empty());
}

}  // namespace
}  // namespace forklift::sed
