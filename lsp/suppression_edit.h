// The edit behind "disable FLxxx for this line": a `# forklift: disable=FLxxx`
// comment placed where the linter's suppression rules (rules/suppression.h)
// make it cover the diagnostic and nothing more than needed.
#pragma once

#include <optional>
#include <vector>

#include "lsp/document_analysis.h"
#include "rules/diagnostic.h"

namespace forklift::lsp {

// Built once per request from one analysis, so that placing the comments for
// all of a document's diagnostics costs a search each, not a walk of the tree.
class SuppressionPlanner {
 public:
  explicit SuppressionPlanner(const DocumentAnalysis& analysis);

  // In order of preference:
  //  * the line already ends in a `# forklift: disable=` comment: add the code to it;
  //  * a comment after the code on the diagnostic's first line;
  //  * where that would land inside a string, here-document, arithmetic or after
  //    a line continuation, or after another comment: a comment line above the
  //    statement, when the statement starts its line.
  // nullopt when no placement covers the diagnostic cleanly.
  std::optional<Edit> edit(const forklift::Diagnostic& diagnostic) const;

 private:
  struct LineComment {
    Span span;
    bool is_directive = false;
  };
  std::optional<LineComment> comment_on_line(uint32_t line_start, uint32_t line_end) const;
  bool inside_multiline_construct(uint32_t offset) const;
  std::optional<Edit> comment_line_above(const forklift::Diagnostic& diagnostic) const;

  const DocumentAnalysis& analysis_;
  std::vector<Span> comments_;         // by begin
  std::vector<Span> multiline_;        // strings, here-documents, arithmetic: by begin
  std::vector<uint32_t> furthest_end_;  // the largest end among multiline_[0..i]
};

}  // namespace forklift::lsp
