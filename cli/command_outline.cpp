#include "cli/command_outline.h"

#include <CLI/CLI.hpp>

namespace forklift::cli {
namespace {

bool names_rules(const std::string& long_name) {
  return long_name == "select" || long_name == "extend-select" || long_name == "ignore" || long_name == "explain";
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
  return out;
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
      out.positionals.push_back({option->get_name(true), option->get_description(), option->get_expected_max() > 1,
                                 option->get_required()});
    }
  }
  return out;
}

std::vector<CommandOutline> outline_subcommands(const CLI::App& app) {
  std::vector<CommandOutline> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); })) {
    out.push_back(outline_command(*sub));
  }
  return out;
}

}  // namespace forklift::cli
