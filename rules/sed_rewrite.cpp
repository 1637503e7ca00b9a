#include "rules/sed_rewrite.h"

#include <fmt/format.h>

#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/sed/translate.h"
#include "rules/sed_value_facts.h"
#include "rules/substitution_site.h"

namespace forklift {
std::optional<Diagnostic> sed_rewrite_finding(const LintContext& context, const RuleInfo& info,
                                              const PipedValue& value, const sed::SedProgram& program,
                                              std::string_view tool) {
  const SemanticModel& model = context.model;
  if (guard_around(model, value.substitution, piped_name(value))) return std::nullopt;
  SubstitutionSite site = locate_substitution(model, value.substitution);
  const Node* statement = own_assignment_statement(model, site);
  std::string output = statement != nullptr ? std::string(site.assignment->text) : "";
  std::string scratch = statement != nullptr ? unused_variable_name(model, output + "_rest") : "";
  sed::Translation translation =
      sed::translate(program, piped_name(value), output, sed::target_for(context.dialect), scratch, value.prefix);
  if (!translation.refusal.empty()) return std::nullopt;
  if (!translation.expression && statement == nullptr) return std::nullopt;
  FixSafety safety;
  require_sed_value_facts(model, value, safety);
  for (const std::string& caveat : translation.caveats) safety.downgrade(Applicability::Unsafe, caveat);
  std::string replacement = translation.expression ? *translation.expression : sed::on_one_line(translation.statements);
  Diagnostic diagnostic = make_diagnostic(
      info, value.substitution, fmt::format("`{}` on a variable's value forks processes: use `{}`", tool, replacement));
  attach_cost(context, value.substitution, diagnostic);
  Edit plain = replace_node(translation.expression ? value.substitution : statement, replacement);
  const Node* guarded = translation.expression ? guard_statement(model, site, piped_name(value)) : statement;
  attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement), std::move(plain),
                       guarded);
  return diagnostic;
}

}  // namespace forklift
