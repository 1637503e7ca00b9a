#include <string>

#include <catch2/catch.hpp>

#include "analyzer/tree_sitter_front_end.h"
#include "tests/analyzer/front_end_invariants.h"

namespace forklift {
namespace {

std::string repeat(std::string_view s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

bool reports_nesting(const ParseResult& result) {
  for (const ParseError& e : result.errors) {
    if (e.message.find("nesting deeper than") != std::string::npos) return true;
  }
  return false;
}

TEST_CASE("tree-sitter: 10,000 nested command substitutions give an error, not a crash", "[ts][nesting]") {
  SourceFile file("deep.sh", "echo " + repeat("$(", 10000) + "x" + repeat(")", 10000) + "\n");
  ParseResult result = parse_tree_sitter(file, Dialect::Bash);
  CHECK(result.has_error_nodes);
  CHECK(reports_nesting(result));
  CHECK(test::check_ast_invariants(*result.ast, file.text()) == "");
}

TEST_CASE("tree-sitter: 10,000 nested subshells, quotes and arithmetic groups give an error", "[ts][nesting]") {
  for (std::string text : {repeat("(", 10000) + "x" + repeat(")", 10000),
                           "x=\"" + repeat("$(echo \"", 10000) + "x" + repeat("\")", 10000) + "\"",
                           "echo $((" + repeat("(", 10000) + "1" + repeat(")", 10000) + "))",
                           "echo " + repeat("${x:-", 10000) + "y" + repeat("}", 10000),
                           "[[ " + repeat("( ", 10000) + "x" + repeat(" )", 10000) + " ]]"}) {
    SourceFile file("deep.sh", text + "\n");
    ParseResult result = parse_tree_sitter(file, Dialect::Bash);
    CHECK_FALSE(result.errors.empty());
    CHECK(test::check_ast_invariants(*result.ast, file.text()) == "");
  }
}

TEST_CASE("tree-sitter: nesting just below the limit is lowered", "[ts][nesting]") {
  SourceFile file("deep.sh", "echo " + repeat("$(", 900) + "x" + repeat(")", 900) + "\n");
  ParseResult result = parse_tree_sitter(file, Dialect::Bash);
  CHECK(result.errors.empty());
  CHECK(test::check_ast_invariants(*result.ast, file.text()) == "");
}

TEST_CASE("tree-sitter: a long && chain is not nesting", "[ts][nesting]") {
  SourceFile file("long.sh", repeat("a && ", 3000) + "b\n");
  ParseResult result = parse_tree_sitter(file, Dialect::Bash);
  CHECK(result.errors.empty());
  CHECK(result.ast->root->kids.size() == 1);
}

}  // namespace
}  // namespace forklift
