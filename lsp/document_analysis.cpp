#include "lsp/document_analysis.h"

#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter_front_end.h"
#include "rules/linter_steps.h"
#include "rules/rule.h"
#include "rules/suppression.h"

namespace forklift::lsp {
namespace {

// The steps of lint_source() after parsing (rules/linter.cpp), which the
// editor needs on a parse it already has.
std::vector<Diagnostic> lint_parsed(const SourceFile& file, const Ast& ast, const SemanticModel& model,
                                    const std::vector<ParseError>& parse_errors, Dialect dialect,
                                    const RuleSelection& selection) {
  LintContext context{file, ast, model, dialect};
  std::vector<Diagnostic> diagnostics;
  for (const Rule* rule : all_rules()) {
    if (selection.enabled(rule->info().code)) rule->check(context, diagnostics);
  }
  std::vector<Suppression> suppressions = collect_suppressions(file, ast);
  std::erase_if(diagnostics, [&](const Diagnostic& d) {
    if (!selection.enabled(d.code)) return true;
    const Rule* rule = find_rule(d.code);
    return is_suppressed(suppressions, d, rule ? rule->info().shellcheck_code : std::nullopt);
  });
  drop_fixes_near_errors(error_regions(file, &ast, parse_errors), diagnostics);
  sort_diagnostics(diagnostics);
  return diagnostics;
}

void analyze_tree(DocumentAnalysis& analysis, const SourceFile& file, const AnalysisSettings& settings) {
  if (analysis.ast == nullptr) return;
  analysis.model = std::make_unique<SemanticModel>(file, *analysis.ast, analysis.dialect.dialect);
  analysis.diagnostics = lint_parsed(file, *analysis.ast, *analysis.model, analysis.parse_errors,
                                     analysis.dialect.dialect, settings.lint.rules);
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
