#include "cli/command_outline.h"

#include <algorithm>

#include <CLI/CLI.hpp>

#include "rules/rule.h"

namespace forklift::cli {
namespace {

bool names_rules(const std::string& long_name) {
  return long_name == "select" || long_name == "extend-select" || long_name == "ignore" || long_name == "explain" ||
         long_name == "code";
}

std::vector<std::string> rule_codes() {
  std::vector<std::string> codes;
  for (const Rule* rule : all_rules()) codes.emplace_back(rule->info().code);
  return codes;
}

// CLI11 writes an IsMember check into the type name: `TEXT:{text,json}`.
std::vector<std::string> choices_of(const std::string& type_name) {
  size_t open = type_name.find(":{");
  if (open == std::string::npos || !type_name.ends_with('}')) return {};
  std::vector<std::string> out;
  std::string list = type_name.substr(open + 2, type_name.size() - open - 3);
  for (size_t start = 0; start <= list.size();) {
    size_t comma = std::min(list.find(',', start), list.size());
    out.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

OptionOutline outline_option(const CLI::Option& option) {
  OptionOutline out;
  out.long_names = option.get_lnames();
  out.short_names = option.get_snames();
  if (option.get_items_expected_max() > 0) {
    out.value_name = option.get_type_name();
    if (out.value_name.empty()) out.value_name = "VALUE";
  }
  out.description = option.get_description();
  for (const std::string& name : out.long_names) out.takes_rule_codes = out.takes_rule_codes || names_rules(name);
  out.choices = out.takes_rule_codes ? rule_codes() : choices_of(option.get_type_name());
  return out;
}

PositionalOutline outline_positional(const CLI::Option& option) {
  std::string name = option.get_name(true);
  return {name, option.get_description(), option.get_expected_max() > 1, option.get_required(),
          names_rules(name) ? rule_codes() : choices_of(option.get_type_name())};
}

}  // namespace

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

CommandOutline outline_command(const CLI::App& command) {
  CommandOutline out;
  out.name = command.get_name().empty() ? "forklift" : command.get_name();
  out.summary = first_line(command.get_description());
  out.details = command.get_footer();
  for (const CLI::Option* option : command.get_options()) {
    if (option->get_group().empty()) continue;  // hidden
    if (option->nonpositional()) {
      out.options.push_back(outline_option(*option));
    } else {
      out.positionals.push_back(outline_positional(*option));
    }
  }
  return out;
}

std::vector<std::string> operand_words(const CommandOutline& command) {
  return command.positionals.empty() ? std::vector<std::string>{} : command.positionals.front().choices;
}

std::vector<CommandOutline> outline_subcommands(const CLI::App& app) {
  std::vector<CommandOutline> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); })) {
    out.push_back(outline_command(*sub));
  }
  return out;
}

}  // namespace forklift::cli
