#include "rules/path_component.h"

#include "analyzer/semantic/words.h"
#include "rules/substitution_site.h"

namespace forklift {

std::vector<PathCall> find_path_calls(const SemanticModel& model, std::string_view utility) {
  std::vector<PathCall> calls;
  for (const Node* substitution : model.substitutions()) {
    const Node* command = sole_simple_command(substitution);
    if (command == nullptr || command_name(model.source(), command) != utility || has_redirects(command) ||
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

}  // namespace forklift
