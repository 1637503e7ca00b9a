// Syntax errors are reported like a shell: the offending token, at its line
// and column (formatted by format_parse_error).
#include <catch2/catch.hpp>

#include "analyzer/exact_parser.h"

namespace forklift {
namespace {

std::string first_error(const std::string& text, Dialect dialect = Dialect::Bash) {
  SourceFile file("script.sh", text);
  ParseResult result = parse_exact(file, dialect);
  if (result.errors.empty()) return "no error";
  return format_parse_error(file, result.errors.front());
}

}  // namespace

TEST_CASE("exact parser: errors name the token, line and column", "[exact]") {
  CHECK(first_error("if true; then\n  echo\nfi\nfi\n") == "script.sh:4:1: syntax error: `fi' unexpected");
  CHECK(first_error("for i in a b; do\n  echo $i\n") ==
        "script.sh:3:1: syntax error: unexpected end of file (expecting `done')");
  CHECK(first_error("case $x in\n  a) echo ;;\n") ==
        "script.sh:3:1: syntax error: unexpected end of file (expecting `esac')");
  CHECK(first_error("echo ok\n  echo )\n") == "script.sh:2:8: syntax error: `)' unexpected");
  CHECK(first_error("a |\n| b") == "script.sh:2:1: syntax error: `|' unexpected");
  CHECK(first_error("echo 'unterminated\nmore") == "script.sh:1:6: syntax error: `'' unmatched");
  CHECK(first_error("x=$(( 1 +\n * 2") ==
        "script.sh:2:5: arithmetic syntax error: unexpected end of expression (expecting `))')");
  // The shells read arithmetic only when they evaluate it.
  CHECK(first_error("x=$(( 1 +\n * 2 ))") == "no error");
}

TEST_CASE("exact parser: an unterminated here-document is reported and the tree kept", "[exact]") {
  SourceFile file("h.sh", "cat <<EOF\nbody\n");
  ParseResult result = parse_exact(file, Dialect::Bash);
  REQUIRE(result.errors.size() == 1);
  CHECK(format_parse_error(file, result.errors[0]) ==
        "h.sh:1:5: here-document delimited by end-of-file (wanted `EOF')");
  CHECK(result.ast != nullptr);
}

TEST_CASE("exact parser: errors inside escaped backquotes point into the file", "[exact]") {
  // The inner list is parsed from the unescaped copy `echo `fi``; the error
  // offset is mapped back to the `fi` in the file.
  CHECK(first_error("x=`echo \\`fi\\``") == "script.sh:1:11: syntax error: `fi' unexpected");
}

TEST_CASE("exact parser: dialect decides ksh-only syntax", "[exact]") {
  CHECK(first_error("echo ${ pwd; }", Dialect::Ksh) == "no error");
  // bash -n accepts both: bash reports a bad substitution only when it expands one.
  CHECK(first_error("echo ${ pwd; }", Dialect::Bash) == "no error");
  CHECK(first_error("echo ${.sh.version}", Dialect::Ksh) == "no error");
  CHECK(first_error("echo ${.sh.version}", Dialect::Bash) == "no error");
}

}  // namespace forklift
