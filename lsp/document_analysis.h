// Everything the features know about one version of a document: its parse,
// semantic model and diagnostics, computed the way `forklift lint` computes
// them, from a parse the caller already has.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/parse_error.h"
#include "analyzer/semantic_model.h"
#include "analyzer/source_file.h"
#include "rewriter/fix_loop.h"
#include "rules/diagnostic.h"
#include "rules/linter.h"

namespace forklift::lsp {

struct AnalysisSettings {
  LintOptions lint;            // with the document's per-file-ignores included
  bool unsafe_fixes = false;   // offer fixes whose applicability is Unsafe
  uint64_t generation = 0;     // changes whenever the settings do
};

struct DiagnosticActionCache;  // code_actions.cpp

struct DocumentAnalysis {
  int64_t version = 0;
  uint64_t settings_generation = 0;
  std::shared_ptr<const SourceFile> text;  // keeps `file` alive when the analysis owns its parse
  const SourceFile* file = nullptr;        // the text the tree points into
  DialectChoice dialect;
  ParseResult parse;                 // the exact parser's
  const Ast* ast = nullptr;          // the tree the model and the rules saw
  std::vector<ParseError> parse_errors;
  std::unique_ptr<SemanticModel> model;
  std::vector<Diagnostic> diagnostics;  // sorted, suppressions applied
  // What `forklift fix` makes of this version, computed on first use: editors
  // ask for code actions again and again on one version. Guarded by the lock
  // that keeps the analysis current (AnalyzedDocument::Current).
  mutable std::optional<FixLoopResult> fixed;
  // Each diagnostic's code actions, built when a request first touches it
  // (the same lock guards them): over a large document, converting thousands
  // of positions and placing as many suppressions was most of each request.
  mutable std::shared_ptr<DiagnosticActionCache> diagnostic_actions;
};

// Analyzes a text the exact parser parsed (`exact.ast` is set); `file` must
// outlive the result (or be kept in DocumentAnalysis::text).
std::unique_ptr<DocumentAnalysis> analyze_parsed(const SourceFile& file, ParseResult exact, const DialectChoice& dialect,
                                                 const AnalysisSettings& settings);

// Analyzes a text the exact parser failed on, from tree-sitter's parse of it
// (`file` and `tree_sitter` must outlive the result), reporting the errors
// FrontEnd::Auto would (fallback_errors).
std::unique_ptr<DocumentAnalysis> analyze_recovered(const SourceFile& file, const ParseResult& tree_sitter,
                                                    std::vector<ParseError> exact_errors, const DialectChoice& dialect,
                                                    const AnalysisSettings& settings);

}  // namespace forklift::lsp
