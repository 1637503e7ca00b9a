// Single quotes inside backquotes: the body is parsed after losing the
// backslash of each \$, \` and \\, but the node's text is sliced from the
// file, so the node says so and single_quoted_value gives what ksh sees.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/exact_parser.h"

namespace forklift {
namespace {

// The values of the single-quoted parts of `text`, in source order.
std::vector<std::string> single_quoted_values(const std::string& text) {
  SourceFile file("quotes.sh", text);
  ParseResult parsed = parse_exact(file, Dialect::Ksh);
  REQUIRE(parsed.ast != nullptr);
  std::vector<std::pair<uint32_t, std::string>> found;
  visit(parsed.ast->root, [&](const Node* node) {
    if (node->is(NodeKind::SingleQuoted)) {
      found.emplace_back(node->begin, single_quoted_value(*node, file.text().substr(node->begin, node->end - node->begin)));
    }
    return true;
  });
  std::sort(found.begin(), found.end());
  std::vector<std::string> values;
  for (auto& [at, value] : found) values.push_back(value);
  return values;
}

}  // namespace

TEST_CASE("single quotes in backquotes lose the backslashes the body lost", "[exact]") {
  CHECK(single_quoted_values("x=`print '\"\\$'$v'\"'`") == std::vector<std::string>{"\"$", "\""});
  CHECK(single_quoted_values("x=`echo '\\\\' '\\`'`") == std::vector<std::string>{"\\", "`"});
  CHECK(single_quoted_values("x=\"`echo '\\\"'`\"") == std::vector<std::string>{"\""});
}

TEST_CASE("single quotes elsewhere keep every backslash", "[exact]") {
  CHECK(single_quoted_values("echo '\\$a' '\\\\'") == std::vector<std::string>{"\\$a", "\\\\"});
  CHECK(single_quoted_values("x=`echo '\\n'`") == std::vector<std::string>{"\\n"});
  CHECK(single_quoted_values("x=`echo '\\$'`; y='\\$'") == std::vector<std::string>{"$", "\\$"});
  CHECK(single_quoted_values("x=$(echo '\\$')") == std::vector<std::string>{"\\$"});
}

}  // namespace forklift
