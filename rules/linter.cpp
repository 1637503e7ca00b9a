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

  const Ast& ast = *parsed.ast;
  SemanticModel model(file, ast, result.dialect.dialect);
  LintContext context{file, ast, model, result.dialect.dialect};
  result.diagnostics = run_rules(context, options.rules);
  remove_suppressed(file, ast, result.diagnostics);
  drop_fixes_near_errors(error_regions(file, &ast, result.parse_errors), result.diagnostics);
  sort_diagnostics(result.diagnostics);
  return result;
}

}  // namespace forklift
