// The settings one file is linted, fixed, verified, benchmarked or served
// with, resolved the same way for every command and for the language server:
// the forklift.toml nearest the file (found upward from its folder; or the one
// --config names; or none with --isolated), then the command line's or the
// editor's overrides on top, then the config's per-file-ignores for that file.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/dialect.h"
#include "config/config_file.h"
#include "rules/linter.h"

namespace forklift {

// What the command line (or the editor) says; unset values defer to the config file.
struct SettingsOverrides {
  std::optional<std::vector<std::string>> select;  // replaces the configured select
  std::vector<std::string> extend_select;          // added to the configured ones
  std::vector<std::string> ignore;                 // added to the configured ones
  std::optional<Dialect> shell;
  std::optional<std::string> config_file;  // the only config read (no discovery)
  bool isolated = false;                   // no config at all
  std::optional<bool> unsafe_fixes;
};

struct FileSettings {
  LintOptions options;  // the file's per-file-ignores are in options.rules
  bool unsafe_fixes = false;
};

// The settings `config` and `overrides` give the file at `path`.
FileSettings merge_settings(const Config& config, const SettingsOverrides& overrides, const std::string& path);

// Resolves settings per file, reading each config file once. Thread-safe.
class SettingsResolver {
 public:
  explicit SettingsResolver(SettingsOverrides overrides = {}) : overrides_(std::move(overrides)) {}

  // Settings for the file at `path` (absolute, or relative to the working
  // directory; stdin uses --stdin-filename or "./-"). On a bad config file,
  // returns nullopt and sets `error` ("PATH:LINE:COL: reason") once per
  // config file; later calls for files under it return nullopt with an empty error.
  std::optional<FileSettings> settings_for(const std::string& path, std::string& error);

  // The overrides over no config file: what a file under a bad config gets
  // where refusing it is not an option (the language server).
  FileSettings defaults_for(const std::string& path) const { return merge_settings(Config{}, overrides_, path); }

 private:
  const ConfigLoad& config_in_force(const std::string& path);

  const SettingsOverrides overrides_;
  std::mutex mutex_;  // guards the caches below
  std::map<std::string, std::optional<std::string>> config_by_directory_;
  std::map<std::string, ConfigLoad> loaded_;
  std::map<std::string, bool> error_reported_;
};

}  // namespace forklift
