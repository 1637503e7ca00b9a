// Building a SemanticModel from a snippet and finding its nodes, for the
// semantic model's unit tests.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic_model.h"
#include "analyzer/source_file.h"

namespace forklift::testing {

class ModelFixture {
 public:
  explicit ModelFixture(std::string text, Dialect dialect = Dialect::Bash);

  const SemanticModel& model() const { return *model_; }
  // The `nth` node of `kind` whose source text is exactly `text` (0-based);
  // fails the test when there is none.
  const Node* find(NodeKind kind, std::string_view text, int nth = 0) const;

 private:
  SourceFile file_;
  std::unique_ptr<Ast> ast_;
  std::unique_ptr<SemanticModel> model_;
};

}  // namespace forklift::testing
