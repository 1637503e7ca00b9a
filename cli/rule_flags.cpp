#include "cli/rule_flags.h"

#include <cstdio>

#include <fmt/format.h>

#include "config/config_file.h"

namespace forklift::cli {
namespace {

bool valid_selectors(const std::vector<std::string>& selectors, std::string_view flag) {
  for (const std::string& selector : selectors) {
    if (!is_valid_selector(selector)) {
      std::fputs(fmt::format("forklift: {}: unknown rule selector `{}` (expected ALL, or a code or prefix such as "
                             "FL1 or FL101)\n",
                             flag, selector)
                     .c_str(),
                 stderr);
      return false;
    }
  }
  return true;
}

}  // namespace

void RuleFlags::add_to(CLI::App& command, const Help& help) {
  // One comma-separated list per flag (`--ignore FL1 x.sh` must leave x.sh
  // an operand); the flags may repeat.
  auto code_list = [&](const char* flag, std::vector<std::string>& into, const char* text) {
    command.add_option(flag, into, text)->delimiter(',')->allow_extra_args(false);
  };
  code_list("--select", select, "Rule codes or prefixes to enable, replacing the configured set (default: ALL)");
  code_list("--extend-select", extend_select, "Rule codes or prefixes to enable as well");
  code_list("--ignore", ignore, "Rule codes or prefixes to disable");
  if (help.dialect) {
    command.add_option("--shell", dialect, "Target shell, overriding detection: sh, bash, ksh, mksh")
        ->check([](const std::string& name) {
          return dialect_from_name(name) ? std::string()
                                         : "unknown shell `" + name + "` (expected sh, bash, ksh, mksh)";
        });
  }
  command.add_option("--config", config, "Read settings from this file only (no discovery)");
  command.add_flag("--isolated", isolated, "Ignore every configuration file");
  command.add_flag("--unsafe-fixes", unsafe_fixes, help.unsafe_fixes);
  command.add_flag("--no-unsafe-fixes", no_unsafe_fixes, help.no_unsafe_fixes);
}

std::optional<SettingsOverrides> RuleFlags::settings_overrides() const {
  if (!valid_selectors(select, "--select") || !valid_selectors(extend_select, "--extend-select") ||
      !valid_selectors(ignore, "--ignore")) {
    return std::nullopt;
  }
  SettingsOverrides flags;
  if (!select.empty()) flags.select = select;
  flags.extend_select = extend_select;
  flags.ignore = ignore;
  if (!dialect.empty()) flags.shell = dialect_from_name(dialect);
  if (!config.empty()) flags.config_file = config;
  flags.isolated = isolated;
  if (unsafe_fixes) flags.unsafe_fixes = true;
  if (no_unsafe_fixes) flags.unsafe_fixes = false;
  return flags;
}

}  // namespace forklift::cli
