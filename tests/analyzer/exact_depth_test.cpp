// Deep nesting is a clear error, never a stack overflow (run under ASan too).
#include <catch2/catch.hpp>

#include <string>

#include "analyzer/exact_parser.h"

namespace forklift {
namespace {

ParseResult parse_text(const std::string& text) {
  SourceFile file("deep.sh", text);
  return parse_exact(file, Dialect::Bash);
}

std::string repeated(std::string_view piece, int count) {
  std::string out;
  for (int i = 0; i < count; ++i) out += piece;
  return out;
}

bool reports_nesting_too_deep(const ParseResult& result) {
  return result.ast == nullptr && result.errors.size() == 1 &&
         result.errors[0].message.find("nesting too deep") != std::string::npos;
}

}  // namespace

TEST_CASE("exact parser: 10000 nested subshells are refused", "[exact]") {
  CHECK(reports_nesting_too_deep(parse_text(repeated("(", 10000) + "a" + repeated(")", 10000))));
}

TEST_CASE("exact parser: 10000 nested command substitutions are refused", "[exact]") {
  CHECK(reports_nesting_too_deep(parse_text("echo " + repeated("$(", 10000) + "a" + repeated(")", 10000))));
}

TEST_CASE("exact parser: 10000 nested backquotes, groups and expansions are refused", "[exact]") {
  CHECK(reports_nesting_too_deep(parse_text(repeated("{ ", 10000) + "a" + repeated("; }", 10000))));
  CHECK(reports_nesting_too_deep(parse_text("echo $((" + repeated("(", 10000) + "1" + repeated(")", 10000) + "))")));
  CHECK(reports_nesting_too_deep(parse_text("echo $((" + repeated("-", 10000) + "1))")));
  CHECK(reports_nesting_too_deep(parse_text("echo $((" + repeated("2**", 10000) + "1))")));
  CHECK(reports_nesting_too_deep(parse_text("x=" + repeated("${a:-", 10000) + repeated("}", 10000))));
  CHECK(reports_nesting_too_deep(parse_text("[[ " + repeated("! ", 10000) + "a ]]")));
  CHECK(reports_nesting_too_deep(parse_text(repeated("! ", 10000) + "a")));
  CHECK(reports_nesting_too_deep(parse_text(repeated("if a; then ", 10000) + "b" + repeated("; fi", 10000))));
}

TEST_CASE("exact parser: nesting below the limit parses", "[exact]") {
  ParseResult result = parse_text(repeated("(", 100) + "a" + repeated(")", 100));
  REQUIRE(result.ast != nullptr);
  CHECK(result.errors.empty());
}

}  // namespace forklift

namespace forklift {

// Each `$[` that does not parse as an expression is read again as a word,
// whose nested `$[` would be tried twice per level: 2^60 attempts without
// the parser remembering what failed (ctest's time limit fails a hang).
TEST_CASE("exact parser: unclosed nested arithmetic is read once per level", "[exact]") {
  SourceFile file("nested.sh", ": \"" + repeated("$[n", 60) + "\"\n");
  ParseResult result = parse_exact(file, Dialect::Bash);
  CHECK(result.ast == nullptr);
  CHECK_FALSE(result.errors.empty());
}

}  // namespace forklift
