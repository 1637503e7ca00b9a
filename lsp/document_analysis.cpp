#include "lsp/document_analysis.h"

namespace forklift::lsp {
namespace {

void analyze_tree(DocumentAnalysis& analysis, const SourceFile& file, const AnalysisSettings& settings) {
  if (analysis.ast == nullptr) return;
  analysis.model = std::make_unique<SemanticModel>(file, *analysis.ast, analysis.dialect.dialect);
  analysis.diagnostics = lint_parsed(*analysis.model, analysis.parse_errors, settings.lint.rules);
}

}  // namespace

std::unique_ptr<DocumentAnalysis> analyze_parsed(const SourceFile& file, ParseResult exact, const DialectChoice& dialect,
                                                 const AnalysisSettings& settings) {
  auto analysis = std::make_unique<DocumentAnalysis>();
  analysis->settings_generation = settings.generation;
  analysis->file = &file;
  analysis->dialect = dialect;
  analysis->parse = std::move(exact);
  analysis->ast = analysis->parse.ast.get();
  analysis->parse_errors = analysis->parse.errors;
  analyze_tree(*analysis, *analysis->file, settings);
  return analysis;
}

std::unique_ptr<DocumentAnalysis> analyze_recovered(const SourceFile& file, const ParseResult& tree_sitter,
                                                    std::vector<ParseError> exact_errors, const DialectChoice& dialect,
                                                    const AnalysisSettings& settings) {
  auto analysis = std::make_unique<DocumentAnalysis>();
  analysis->settings_generation = settings.generation;
  analysis->file = &file;
  analysis->dialect = dialect;
  analysis->ast = tree_sitter.ast.get();
  analysis->parse_errors = fallback_errors(tree_sitter, std::move(exact_errors));
  analyze_tree(*analysis, file, settings);
  return analysis;
}

}  // namespace forklift::lsp
