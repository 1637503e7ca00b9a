#include "analyzer/semantic/command_resolution.h"

#include "analyzer/semantic/words.h"

namespace forklift {

std::optional<std::string> resolve_command_name(std::string_view source, const ValueFactIndex& values,
                                                const Node* simple_command) {
  if (std::optional<std::string> name = command_name(source, simple_command)) return name;
  std::vector<const Node*> words = command_words(simple_command);
  if (words.empty()) return std::nullopt;
  const Node* param = plain_parameter(words[0]);
  if (param == nullptr || !is_identifier(param->text)) return std::nullopt;
  ValueFacts facts = values.facts_at(param);
  if (!facts.exact || facts.prefix.empty()) return std::nullopt;
  const std::string& value = facts.prefix;
  // Unquoted, a value with blanks would be split into a command and its arguments.
  if (value.find_first_of(" \t\n*?[\\$`'\"") != std::string::npos) return std::nullopt;
  size_t slash = value.rfind('/');
  if (slash == std::string::npos) return value;
  if (value[0] != '/' || slash + 1 == value.size()) return std::nullopt;
  return value.substr(slash + 1);
}

}  // namespace forklift
