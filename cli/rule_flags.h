// The flags that choose which rules run and which of their fixes apply, the
// same on every subcommand that lints: --select, --extend-select, --ignore,
// --config, --isolated, --unsafe-fixes, --no-unsafe-fixes, and, where the
// command has no --shell of its own (lint, fix), --shell for the dialect.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/settings_resolver.h"

namespace forklift::cli {

struct RuleFlags {
  std::vector<std::string> select, extend_select, ignore;
  std::string dialect;  // --shell of lint and fix: sh, bash, ksh, mksh
  std::string config;
  bool isolated = false;
  bool unsafe_fixes = false;
  bool no_unsafe_fixes = false;

  struct Help {
    const char* unsafe_fixes;
    const char* no_unsafe_fixes;
    bool dialect = true;  // register --shell
  };
  void add_to(CLI::App& command, const Help& help);

  // The settings these flags ask for; nullopt after saying on stderr which
  // selector is unknown (CLI11 has already refused an unknown shell).
  std::optional<SettingsOverrides> settings_overrides() const;
};

}  // namespace forklift::cli
