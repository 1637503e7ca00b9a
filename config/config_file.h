// forklift.toml: the project's lint settings, and finding the file that applies.
//
//   select = ["FL1"]              # codes or prefixes; default: every rule
//   extend-select = ["FL201"]
//   ignore = ["FL105"]
//   shell = "ksh"                 # target shell: overrides detection
//   unsafe-fixes = false
//   [per-file-ignores]
//   "legacy/**" = ["FL1"]         # glob (relative to this file's folder) -> codes
//
// A glob without '/' matches the file name at any depth.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/dialect.h"

namespace forklift {

struct PerFileIgnore {
  std::string pattern;
  std::vector<std::string> codes;
};

struct Config {
  std::string path;       // the file it was read from; empty for the defaults
  std::string directory;  // absolute folder per-file-ignores globs are relative to
  std::optional<std::vector<std::string>> select;
  std::vector<std::string> extend_select;
  std::vector<std::string> ignore;
  std::optional<Dialect> shell;
  std::vector<PerFileIgnore> per_file_ignores;
  bool unsafe_fixes = false;

  // The codes per-file-ignores switches off for `file_path` (absolute or
  // relative to the working directory).
  std::vector<std::string> ignores_for(std::string_view file_path) const;
};

struct ConfigLoad {
  std::optional<Config> config;
  std::string error;  // "PATH:LINE:COL: reason" when config is empty
};

// `path` names the file in error messages and anchors per-file-ignores.
ConfigLoad parse_config(std::string_view text, const std::string& path);
ConfigLoad load_config(const std::string& path);

// The names a config file may have, in the order find_config() prefers them.
const std::vector<std::string>& config_file_names();

// The config file that applies to files in `directory`: forklift.toml, else
// .forklift.toml, in `directory` or the nearest folder above it; nullopt when
// none. The nearest file applies alone: configs are not merged across folders.
std::optional<std::string> find_config(const std::string& directory);

// "ALL", "FL" or "FL" followed by digits; anything else is a typo we report.
bool is_valid_selector(std::string_view selector);

}  // namespace forklift
