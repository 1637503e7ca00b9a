#include "lsp/document_analysis.h"

#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter_front_end.h"

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
  bool clean = tree_sitter.errors.empty() && !tree_sitter.has_error_nodes;
  analysis->parse_errors = clean ? tree_sitter.errors : std::move(exact_errors);
  analyze_tree(*analysis, file, settings);
  return analysis;
}

LintResult lint_for_fix_loop(const SourceFile& file, const AnalysisSettings& settings) {
  DialectChoice dialect = detect_dialect(file.path(), file.text(), settings.lint.shell);
  ParseResult exact = parse_exact(file, dialect.dialect);
  std::unique_ptr<DocumentAnalysis> analysis;
  ParseResult tree_sitter;
  if (exact.ast) {
    analysis = analyze_parsed(file, std::move(exact), dialect, settings);
  } else {
    tree_sitter = parse_tree_sitter(file, dialect.dialect);
    analysis = analyze_recovered(file, tree_sitter, std::move(exact.errors), dialect, settings);
  }
  LintResult linted;
  linted.dialect = dialect;
  linted.front_end = analysis->parse.ast ? FrontEnd::Exact : FrontEnd::TreeSitter;
  linted.parse_errors = std::move(analysis->parse_errors);
  linted.diagnostics = std::move(analysis->diagnostics);
  return linted;
}

}  // namespace forklift::lsp
