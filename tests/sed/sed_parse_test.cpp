// The sed compiler's parsers on their own: regular expressions (basic and
// extended) and sed programs (options, `-e` chains, `;`, delimiters, flags,
// replacements), and what they refuse.
#include <catch2/catch.hpp>

#include "rules/sed/regex.h"
#include "rules/sed/sed_script.h"

namespace forklift::sed {
namespace {

using Kind = Regex::Kind;

Regex parsed(std::string_view text, RegexSyntax syntax = RegexSyntax::Basic) {
  RegexParse parse = parse_regex(text, syntax);
  INFO(text << ": " << parse.error);
  REQUIRE(parse.regex);
  return *parse.regex;
}

std::string refusal(std::string_view text, RegexSyntax syntax = RegexSyntax::Basic) {
  RegexParse parse = parse_regex(text, syntax);
  CHECK_FALSE(parse.regex);
  return parse.error;
}

TEST_CASE("basic regexes: anchors only at the ends, `*` first is literal", "[sed][regex]") {
  Regex r = parsed("^a.*b$");
  REQUIRE(r.operands.size() == 5);
  CHECK(r.operands[0].kind == Kind::LineStart);
  CHECK(r.operands[1].kind == Kind::Literal);
  CHECK(r.operands[2].kind == Kind::Repeat);
  CHECK(r.operands[2].operands[0].kind == Kind::AnyChar);
  CHECK(r.operands[4].kind == Kind::LineEnd);
  Regex mid = parsed("a^b$c");
  for (const Regex& kid : mid.operands) CHECK(kid.kind == Kind::Literal);
  Regex star = parsed("*a");
  CHECK(star.operands[0].kind == Kind::Literal);
  CHECK(star.operands[0].literal == '*');
  CHECK(parsed("^*").operands[1].literal == '*');
}

TEST_CASE("basic regexes: groups, intervals, back-references, escapes", "[sed][regex]") {
  RegexParse parse = parse_regex("\\(a\\)\\{2,3\\}\\1\\.", RegexSyntax::Basic);
  REQUIRE(parse.regex);
  CHECK(parse.groups == 1);
  const Regex& repeat = parse.regex->operands[0];
  CHECK(repeat.kind == Kind::Repeat);
  CHECK(repeat.min == 2);
  CHECK(repeat.max == 3);
  CHECK(repeat.operands[0].kind == Kind::Group);
  CHECK(parse.regex->operands[1].kind == Kind::Backref);
  CHECK(parse.regex->operands[2].literal == '.');
  CHECK(parsed("a+?").operands.size() == 3);  // literal in basic syntax
  CHECK(parsed("a\\+").operands[0].min == 1);
  CHECK_FALSE(refusal("\\w").empty());
  CHECK_FALSE(refusal("a\\n").empty());
  CHECK_FALSE(refusal("\\(a").empty());
  CHECK_FALSE(refusal("a\\)").empty());
  CHECK_FALSE(refusal("\\1").empty());
}

TEST_CASE("extended regexes: operators are bare, `\\c` is literal", "[sed][regex]") {
  RegexParse parse = parse_regex("^(a|b)+c?\\.$", RegexSyntax::Extended);
  REQUIRE(parse.regex);
  CHECK(parse.groups == 1);
  const Regex& plus = parse.regex->operands[1];
  CHECK(plus.kind == Kind::Repeat);
  CHECK(plus.min == 1);
  CHECK(plus.operands[0].operands[0].kind == Kind::Alternation);
  CHECK(parse.regex->operands[3].literal == '.');
  Regex top = parsed("a|b", RegexSyntax::Extended);
  CHECK(top.kind == Kind::Alternation);
  CHECK_FALSE(refusal("*a", RegexSyntax::Extended).empty());
}

TEST_CASE("bracket expressions keep their members; classes are checked", "[sed][regex]") {
  Regex r = parsed("[^]a-z[:digit:]]");
  REQUIRE(r.operands.size() == 1);
  CHECK(r.operands[0].set.negated);
  CHECK(r.operands[0].set.members == "]a-z[:digit:]");
  CHECK_FALSE(refusal("[[:nope:]]").empty());
  CHECK_FALSE(refusal("[a\\]").empty());
  CHECK_FALSE(refusal("[[.a.]]").empty());
  CHECK_FALSE(refusal("[abc").empty());
  CHECK_FALSE(parsed("[é]").operands[0].set.ascii_only);
}

SedProgram program(const std::vector<std::string>& arguments) {
  SedParse parse = parse_sed_arguments(arguments);
  INFO(parse.error);
  REQUIRE(parse.program);
  return *parse.program;
}

std::string program_refusal(const std::vector<std::string>& arguments) {
  SedParse parse = parse_sed_arguments(arguments);
  CHECK_FALSE(parse.program);
  return parse.error;
}

TEST_CASE("sed programs: delimiters, flags, chains", "[sed][script]") {
  SedProgram p = program({"s,/[^/]*$,,"});
  REQUIRE(p.commands.size() == 1);
  CHECK(p.commands[0].regex.operands.size() == 3);
  CHECK(p.commands[0].replacement.empty());
  SedProgram chain = program({"-e", "s/^X//", "-e", "s/=.*//g;s,a\\,b,c,"});
  REQUIRE(chain.commands.size() == 3);
  CHECK(chain.commands[1].global);
  CHECK(chain.commands[2].regex.operands[1].literal == ',');  // an escaped delimiter is itself
  SedProgram quiet = program({"-ne", "s/\\(a\\)/\\1/p"});
  CHECK(quiet.quiet);
  CHECK(quiet.commands[0].print);
  CHECK(quiet.commands[0].replacement[0].kind == ReplacementPiece::Kind::Group);
  CHECK(program({"-E", "s/(a)+/x/2"}).commands[0].occurrence == 2);
  CHECK(program({"--expression=y/abc/xyz/"}).commands[0].to == "xyz");
}

TEST_CASE("sed replacements: `&`, `\\&`, `\\\\`, escaped delimiters", "[sed][script]") {
  SedProgram p = program({"s/a/[&]\\&\\\\\\//"});
  const std::vector<ReplacementPiece>& r = p.commands[0].replacement;
  REQUIRE(r.size() == 3);
  CHECK(r[0].text == "[");
  CHECK(r[1].kind == ReplacementPiece::Kind::WholeMatch);
  CHECK(r[2].text == "]&\\/");
}

TEST_CASE("sed addresses of the one line: `1` and `$` keep a command, `1!` and `$!` drop it", "[sed][script]") {
  SedProgram p = program({"-e", "1s/^X//", "-e", "$!s/$/\\\\/", "-e", "$ s/a/b/;1!y/a/b/"});
  REQUIRE(p.commands.size() == 2);
  CHECK(p.commands[0].regex.operands[1].literal == 'X');
  CHECK(p.commands[1].regex.operands[0].literal == 'a');
  CHECK_FALSE(program_refusal({"2s/a/b/"}).empty());
  CHECK_FALSE(program_refusal({"10s/a/b/"}).empty());
  CHECK_FALSE(program_refusal({"1,3s/a/b/"}).empty());
  CHECK_FALSE(program_refusal({"$d"}).empty());
  CHECK_FALSE(program_refusal({"1!p"}).empty());
}

TEST_CASE("sed programs outside what is understood are refused with a reason", "[sed][script]") {
  CHECK(program_refusal({"-i", "s/a/b/"}).find("-i") != std::string::npos);
  CHECK(program_refusal({"s/a/b/", "file"}).find("file") != std::string::npos);
  CHECK_FALSE(program_refusal({"1d"}).empty());
  CHECK_FALSE(program_refusal({"/x/s/a/b/"}).empty());
  CHECK_FALSE(program_refusal({"s/a/b/w out"}).empty());
  CHECK_FALSE(program_refusal({"s/a/\\U&/"}).empty());
  CHECK_FALSE(program_refusal({"s/a/b"}).empty());
  CHECK_FALSE(program_refusal({"s/a/\\1/"}).empty());
  CHECK_FALSE(program_refusal({"y/ab/c/"}).empty());
  CHECK_FALSE(program_refusal({"s.a\\.b.c."}).empty());
  CHECK_FALSE(program_refusal({"s//x/"}).empty());
}

}  // namespace
}  // namespace forklift::sed
