#include "lsp/hover.h"

#include <fmt/format.h>

#include "lsp/diagnostic_conversion.h"
#include "lsp/node_lookup.h"
#include "rules/rule.h"

namespace forklift::lsp {
namespace {

std::string diagnostic_markdown(const forklift::Diagnostic& diagnostic) {
  const Rule* rule = find_rule(diagnostic.code);
  std::string text = rule ? fmt::format("**{}** `{}`: {}\n\n", diagnostic.code, rule->info().name, rule->info().summary)
                          : fmt::format("**{}**\n\n", diagnostic.code);
  text += message_with_cost(diagnostic) + "\n";
  if (diagnostic.fix) {
    text += fmt::format("\nFix ({}): {}\n", applicability_name(diagnostic.fix->applicability), diagnostic.fix->title);
  }
  if (rule) text += fmt::format("\n{}", rule->info().docs);
  return text;
}

std::optional<Hover> diagnostics_hover(const DocumentAnalysis& analysis, uint32_t offset, PositionEncoding encoding) {
  std::vector<std::string> parts;
  std::optional<Span> covered;
  for (const forklift::Diagnostic& diagnostic : analysis.diagnostics) {
    if (offset < diagnostic.begin || offset > diagnostic.end) continue;
    parts.push_back(diagnostic_markdown(diagnostic));
    if (!covered) covered = Span{diagnostic.begin, diagnostic.end};
  }
  if (parts.empty()) return std::nullopt;
  return Hover{fmt::format("{}", fmt::join(parts, "\n---\n\n")), range_of(*analysis.file, covered->begin, covered->end, encoding)};
}

std::string command_markdown(const DocumentAnalysis& analysis, const Node* command, std::string_view name) {
  const SemanticModel& model = *analysis.model;
  std::string_view shell = dialect_name(analysis.dialect.dialect);
  double forks = model.forks(command);
  std::string cost = model.describe_cost(model.fork_estimate(command));
  switch (model.command_kind(command)) {
    case CommandKind::Builtin:
      return fmt::format("`{}`: a builtin of {}. It runs in the shell: no fork.", name, shell);
    case CommandKind::Function: {
      const Function* function = model.function(name);
      uint32_t line = analysis.file->position(function->node->begin).line;
      return fmt::format("`{}`: a function of this file, defined on line {}. Calling it does not fork in {}{}.", name,
                         line, shell, forks > 0 ? fmt::format(" (this call: {})", cost) : "");
    }
    case CommandKind::External:
      return fmt::format("`{}`: an external program. Running it forks and execs a process in {}: {}.", name, shell, cost);
    case CommandKind::Dynamic:
      return fmt::format("The command name is computed at run time; counted as an external program: {}.", cost);
    case CommandKind::None:
      break;
  }
  return {};
}

std::optional<Hover> command_hover(const DocumentAnalysis& analysis, uint32_t offset, PositionEncoding encoding) {
  std::vector<const Node*> path = nodes_at(*analysis.ast, offset);
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const Node* word = command_name_word(*it);
    if (word == nullptr || offset < word->begin || offset > word->end) continue;
    std::string markdown = command_markdown(analysis, *it, node_text(analysis.file->text(), word));
    if (markdown.empty()) return std::nullopt;
    return Hover{std::move(markdown), range_of(*analysis.file, word->begin, word->end, encoding)};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Hover> hover_at(const DocumentAnalysis& analysis, uint32_t offset, PositionEncoding encoding) {
  if (auto hover = diagnostics_hover(analysis, offset, encoding)) return hover;
  if (analysis.ast == nullptr || !analysis.model) return std::nullopt;
  return command_hover(analysis, offset, encoding);
}

}  // namespace forklift::lsp
