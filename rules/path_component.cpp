#include "rules/path_component.h"

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/substitution_site.h"

namespace forklift {

std::vector<PathCall> find_path_calls(const SemanticModel& model, std::string_view utility) {
  std::vector<PathCall> calls;
  for (const Node* substitution : model.substitutions()) {
    const Node* command = sole_simple_command(substitution);
    if (command == nullptr || model.resolved_command_name(command) != utility || has_redirects(command) ||
        has_assignments(command) || inside_escaped_backtick(model, command)) {
      continue;
    }
    std::vector<const Node*> words = command_words(command);
    if (words.size() < 2 || words.size() > 3) continue;
    const Node* parameter = plain_parameter(words[1]);
    if (parameter == nullptr) continue;
    std::string_view name = parameter->text;
    bool positional = !name.empty() && name.find_first_not_of("0123456789") == std::string_view::npos;
    if (!is_identifier(name) && !positional) continue;
    calls.push_back(PathCall{substitution, command, parameter, words.size() == 3 ? words[2] : nullptr});
  }
  return calls;
}

void require_path_facts(const SemanticModel& model, const PathCall& call, std::initializer_list<ValueFact> needed,
                        FixSafety& safety) {
  std::vector<const Node*> words = command_words(call.command);
  if (quoted_plain_parameter(words[1]) == nullptr) {
    std::string_view name = call.parameter->text;
    std::string why = fmt::format("the unquoted `${}` is split into several operands", name);
    // With the default IFS, a value without blanks, glob characters and
    // backslashes is one operand as it is; an empty one is none at all.
    if (model.may_assign_ifs(call.parameter)) {
      safety.downgrade(Applicability::Unsafe, why + ", and the script may change `IFS`");
    } else {
      safety.downgrade_for_trait(ValueTrait::SplitOrGlob, name, why);
      ValueFacts facts = model.value_facts(call.parameter);
      if (!facts.has(ValueFact::NonEmpty)) {
        safety.downgrade_for_trait(ValueTrait::Empty, name,
                                   fmt::format("an empty unquoted `${}` is no operand at all: {}", name,
                                               facts.missing(ValueFact::NonEmpty, name)));
      }
    }
  }
  require_facts(model.value_facts(call.parameter), call.parameter->text, needed, Applicability::Unsafe, safety);
}

}  // namespace forklift
