#include "semantic_test_support.h"

#include <catch2/catch.hpp>

#include "analyzer/exact_parser.h"

namespace forklift::testing {

ModelFixture::ModelFixture(std::string text, Dialect dialect) : file_("snippet.sh", std::move(text)) {
  ParseResult parsed = parse_exact(file_, dialect);
  INFO(file_.text());
  REQUIRE(parsed.ast != nullptr);
  ast_ = std::move(parsed.ast);
  model_ = std::make_unique<SemanticModel>(file_, *ast_, dialect);
}

const Node* ModelFixture::find(NodeKind kind, std::string_view text, int nth) const {
  const Node* found = nullptr;
  int seen = 0;
  visit(ast_->root, [&](const Node* node) {
    if (found == nullptr && node->kind == kind && model_->text(node) == text && seen++ == nth) found = node;
    return found == nullptr;
  });
  INFO("looking for " << kind_name(kind) << " `" << text << "` #" << nth);
  REQUIRE(found != nullptr);
  return found;
}

}  // namespace forklift::testing
