#include "rules/sed_rewrite.h"

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/sed/translate.h"
#include "rules/sed_value_facts.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

// `text` with each variable's stand-in character written `${name}` (the
// translation put it inside "…"), and the fix unsafe when there is one.
std::string fill_variables(std::string text, const ReplacementVariables& variables, FixSafety& safety) {
  for (size_t i = 0; i < variables.names.size(); ++i) {
    char mark = static_cast<char>(1 + i);
    std::string name = fmt::format("${{{}}}", variables.names[i]);
    for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + name.size())) {
      text.replace(at, 1, name);
    }
    safety.downgrade(Applicability::Unsafe,
                     fmt::format("sed reads `&`, `\\`, a newline and the delimiter in `${}` specially, the rewrite "
                                 "as text",
                                 variables.names[i]));
  }
  return text;
}

// The consumer's redirections as text for printf, when each only sends an
// output elsewhere (`> f`, `>> f`, `2>&1`, `>&2`); nullopt for any that
// touches its input, which then is not the pipe.
std::optional<std::string> output_redirections(const SemanticModel& model, const Node* consumer) {
  std::string text;
  for (const Node* kid : consumer->kids) {
    if (!kid->is(NodeKind::Redirect)) continue;
    const Node* fd = RedirectView(kid).fd();
    bool output = kid->text == ">" || kid->text == ">>" || kid->text == ">|" || kid->text == ">&" ||
                  kid->text == "&>" || kid->text == "&>>";
    if (!output || (fd != nullptr && model.text(fd) == "0")) return std::nullopt;
    text += " ";
    text += model.text(kid);
  }
  return text;
}

}  // namespace

std::optional<Diagnostic> sed_rewrite_finding(const LintContext& context, const RuleInfo& info,
                                              const PipedValue& value, const sed::SedProgram& program,
                                              std::string_view tool, const ReplacementVariables& variables) {
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
  std::string replacement = fill_variables(
      translation.expression ? *translation.expression : sed::on_one_line(translation.statements), variables, safety);
  Diagnostic diagnostic = make_diagnostic(
      info, value.substitution, fmt::format("`{}` on a variable's value forks processes: use `{}`", tool, replacement));
  attach_cost(context, value.substitution, diagnostic);
  Edit plain = replace_node(translation.expression ? value.substitution : statement, replacement);
  const Node* guarded = translation.expression ? guard_statement(model, site, piped_name(value)) : statement;
  attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement), std::move(plain),
                       guarded);
  return diagnostic;
}

std::optional<Diagnostic> sed_printed_finding(const LintContext& context, const RuleInfo& info,
                                              const PipedValue& value, const Node* statement,
                                              const sed::SedProgram& program, std::string_view tool,
                                              const ReplacementVariables& variables) {
  const SemanticModel& model = context.model;
  if (program.quiet || guard_around(model, statement, piped_name(value))) return std::nullopt;
  // One line for one line, so that `$LINENO` and later line numbers stay.
  if (model.text(statement).find('\n') != std::string_view::npos) return std::nullopt;
  std::optional<std::string> redirections = output_redirections(model, value.consumer);
  if (!redirections) return std::nullopt;
  std::string output = unused_variable_name(model, "edited");
  sed::Translation translation = sed::translate(program, piped_name(value), output, sed::target_for(context.dialect),
                                                unused_variable_name(model, output + "_rest"), value.prefix);
  if (!translation.refusal.empty()) return std::nullopt;
  // sed ends its last line with a newline only when its input had one.
  std::string_view format = value.adds_newline ? "'%s\\n'" : "%s";
  std::string replacement =
      translation.expression
          ? fmt::format("printf {} \"{}\"{}", format, *translation.expression, *redirections)
          : fmt::format("{{ {}; printf {} \"${}\"{}; }}", sed::on_one_line(translation.statements), format, output,
                        *redirections);
  FixSafety safety;
  require_sed_value_facts(model, value, safety);
  for (const std::string& caveat : translation.caveats) safety.downgrade(Applicability::Unsafe, caveat);
  replacement = fill_variables(std::move(replacement), variables, safety);
  Diagnostic diagnostic = make_diagnostic(
      info, statement, fmt::format("`{}` on a variable's value forks processes: use `{}`", tool, replacement));
  attach_cost(context, statement, diagnostic);
  attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement),
                       replace_node(statement, replacement), guardable_command(model, statement));
  return diagnostic;
}

}  // namespace forklift
