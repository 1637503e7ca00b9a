// ksh93's `<<#` here-documents: the exact parser reads them in ksh (the
// delimiter line may be indented up to the first line's indentation) and
// leaves `<<#` to bash and sh, where it is not an operator.
#include <catch2/catch.hpp>

#include <string>

#include "analyzer/ast_views.h"
#include "analyzer/exact_parser.h"
#include "analyzer/lex/here_doc_indent.h"

namespace forklift {
namespace {

const Node* first_redirect(const Node* root) {
  const Node* found = nullptr;
  visit(root, [&](const Node* node) {
    if (found == nullptr && node->is(NodeKind::Redirect)) found = node;
    return found == nullptr;
  });
  return found;
}

}  // namespace

TEST_CASE("exact parser: <<# strips the first line's indentation, the delimiter line's too", "[exact]") {
  std::string text = "if true; then\n    cat <<# EOF\n        a\n          b\n        EOF\nfi\necho after\n";
  SourceFile file("indent.ksh", text);
  ParseResult parsed = parse_exact(file, Dialect::Ksh);
  REQUIRE(parsed.errors.empty());
  REQUIRE(parsed.ast != nullptr);
  auto redirect = view_if<RedirectView>(first_redirect(parsed.ast->root));
  REQUIRE(redirect);
  CHECK(redirect->strips_indent());
  CHECK_FALSE(redirect->strips_tabs());
  CHECK(redirect->op() == RedirectOperator::HereDocStripIndent);
  const Node* body = redirect->here_doc();
  REQUIRE(body != nullptr);
  CHECK(file.text().substr(body->begin, body->end - body->begin) == "        a\n          b\n");
}

TEST_CASE("exact parser: <<# is no operator outside ksh", "[exact]") {
  SourceFile file("indent.bash", "cat <<# EOF\nx\nEOF\n");
  ParseResult parsed = parse_exact(file, Dialect::Bash);
  CHECK_FALSE(parsed.errors.empty());
}

TEST_CASE("here-document indentation: tabs stop every 8 columns", "[lex]") {
  CHECK(indent_columns("\t\tx") == 16);
  CHECK(indent_columns("  \tx") == 8);
  CHECK(indent_columns("   x") == 3);
  CHECK(indent_columns("x") == 0);
  CHECK(indent_bytes("\t\tx", 8) == 1);
  CHECK(indent_bytes("    \tx", 6) == 4);  // the tab would pass column 6
  CHECK(indent_bytes("  x", 8) == 2);
}

}  // namespace forklift
