// Everything the features know about one version of a document: its parse,
// semantic model and diagnostics, computed the way `forklift lint` computes
// them, from a parse the caller already has (the editor's incremental one).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/parse_error.h"
#include "analyzer/semantic_model.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"
#include "rules/linter.h"

namespace forklift::lsp {

struct AnalysisSettings {
  LintOptions lint;             // with the document's per-file ignores included
  uint64_t generation = 0;      // changes whenever the settings do
};

struct DocumentAnalysis {
  int64_t version = 0;
  uint64_t settings_generation = 0;
  const SourceFile* file = nullptr;  // owned by whoever parsed it
  DialectChoice dialect;
  ParseResult parse;                 // the exact parser's, when tree-sitter's had errors and it did better
  const Ast* ast = nullptr;          // the tree the model and the rules saw
  std::vector<ParseError> parse_errors;
  std::unique_ptr<SemanticModel> model;
  std::vector<Diagnostic> diagnostics;  // sorted, suppressions applied
};

// Analyzes `file` given tree-sitter's parse of it (which must outlive the
// result). Like FrontEnd::Auto, a tree-sitter parse with errors is replaced
// by the exact parser's when that one succeeds.
std::unique_ptr<DocumentAnalysis> analyze_document(const SourceFile& file, const ParseResult& tree_sitter,
                                                   const DialectChoice& dialect, const AnalysisSettings& settings);

// One lint pass over a whole text, for the fix loop (source.fixAll): the
// analysis of a fresh parse, as lint_source with these settings would give it.
LintResult lint_for_fix_loop(const SourceFile& file, const AnalysisSettings& settings);

}  // namespace forklift::lsp
