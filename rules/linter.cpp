#include "rules/linter.h"

#include "analyzer/semantic_model.h"
#include "rules/linter_steps.h"
#include "rules/rule.h"
#include "rules/suppression.h"

namespace forklift {
namespace {

std::vector<Diagnostic> run_rules(const LintContext& context, const RuleSelection& selection) {
  std::vector<Diagnostic> diagnostics;
  for (const Rule* rule : all_rules()) {
    if (selection.enabled(rule->info().code)) rule->check(context, diagnostics);
  }
  // A rule may report under a related code of its family: selection is per code.
  std::erase_if(diagnostics, [&](const Diagnostic& d) { return !selection.enabled(d.code); });
  return diagnostics;
}

void remove_suppressed(const SourceFile& file, const Ast& ast, std::vector<Diagnostic>& diagnostics) {
  std::vector<Suppression> suppressions = collect_suppressions(file, ast);
  if (suppressions.empty()) return;
  std::erase_if(diagnostics, [&](const Diagnostic& d) {
    const Rule* rule = find_rule(d.code);
    return is_suppressed(suppressions, d, rule ? rule->info().shellcheck_code : std::nullopt);
  });
}

}  // namespace

LintResult lint_source(const SourceFile& file, const LintOptions& options) {
  LintResult result;
  result.dialect = detect_dialect(file.path(), file.text(), options.shell);
  ParseResult parsed = parse_source(file, result.dialect.dialect);
  result.front_end = parsed.used;
  result.parse_errors = std::move(parsed.errors);
  if (!parsed.ast) return result;

  SemanticModel model(file, *parsed.ast, result.dialect.dialect);
  result.diagnostics = lint_parsed(model, result.parse_errors, options.rules);
  return result;
}

std::vector<Diagnostic> lint_parsed(const SemanticModel& model, const std::vector<ParseError>& parse_errors,
                                    const RuleSelection& selection) {
  const SourceFile& file = model.file();
  const Ast& ast = model.ast();
  std::vector<Diagnostic> diagnostics = run_rules(LintContext{file, ast, model, model.dialect()}, selection);
  remove_suppressed(file, ast, diagnostics);
  drop_fixes_near_errors(error_regions(file, &ast, parse_errors), diagnostics);
  sort_diagnostics(diagnostics);
  return diagnostics;
}

}  // namespace forklift
