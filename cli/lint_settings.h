// The settings each linted file gets: its forklift.toml (or --config, or none
// with --isolated) overlaid with the command-line flags.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/dialect.h"
#include "rules/config.h"
#include "rules/linter.h"

namespace forklift::cli {

// What the command line says; unset values defer to the config file.
struct LintFlags {
  std::optional<std::vector<std::string>> select;  // replaces the configured select
  std::vector<std::string> extend_select;          // added to the configured ones
  std::vector<std::string> ignore;                 // added to the configured ones
  std::optional<Dialect> shell;
  std::optional<std::string> config_file;  // --config: the only config read
  bool isolated = false;                   // --isolated: no config at all
  std::optional<bool> unsafe_fixes;
};

struct FileSettings {
  LintOptions options;
  std::vector<std::string> per_file_ignores;  // codes or prefixes switched off for this file
  bool unsafe_fixes = false;
};

// Resolves and caches config files by folder; single-threaded.
class SettingsResolver {
 public:
  explicit SettingsResolver(LintFlags flags) : flags_(std::move(flags)) {}

  // Settings for a file (`path` as given; stdin uses --stdin-filename or the
  // working directory). On a bad config file, returns nullopt and sets `error`
  // ("PATH:LINE:COL: reason") — once per config file; later calls for files
  // under it return nullopt with an empty error.
  std::optional<FileSettings> settings_for(const std::string& path, std::string& error);

 private:
  const ConfigLoad& config_in_force(const std::string& path);
  FileSettings merge(const Config& config, const std::string& path) const;

  LintFlags flags_;
  std::map<std::string, std::optional<std::string>> config_by_directory_;
  std::map<std::string, ConfigLoad> loaded_;
  std::map<std::string, bool> error_reported_;
};

}  // namespace forklift::cli
