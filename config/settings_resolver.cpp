#include "config/settings_resolver.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace forklift {
namespace {

const ConfigLoad& no_config() {
  static const ConfigLoad defaults{Config{}, {}};
  return defaults;
}

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

FileSettings merge_settings(const Config& config, const SettingsOverrides& overrides, const std::string& path) {
  FileSettings settings;
  RuleSelection& rules = settings.options.rules;
  if (overrides.select) {
    rules.select = *overrides.select;
  } else if (config.select) {
    rules.select = *config.select;
  }
  rules.extend_select = config.extend_select;
  append(rules.extend_select, overrides.extend_select);
  rules.ignore = config.ignore;
  append(rules.ignore, overrides.ignore);
  rules.per_file_ignores = config.ignores_for(path);
  settings.options.shell = overrides.shell ? overrides.shell : config.shell;
  settings.unsafe_fixes = overrides.unsafe_fixes.value_or(config.unsafe_fixes);
  return settings;
}

const ConfigLoad& SettingsResolver::config_in_force(const std::string& path) {
  if (overrides_.isolated) return no_config();
  std::optional<std::string> config_path = overrides_.config_file;
  if (!config_path) {
    std::string directory = fs::path(path).parent_path().string();
    auto cached = config_by_directory_.find(directory);
    if (cached == config_by_directory_.end()) cached = config_by_directory_.emplace(directory, find_config(directory)).first;
    config_path = cached->second;
  }
  if (!config_path) return no_config();
  auto loaded = loaded_.find(*config_path);
  if (loaded == loaded_.end()) loaded = loaded_.emplace(*config_path, load_config(*config_path)).first;
  return loaded->second;
}

std::optional<FileSettings> SettingsResolver::settings_for(const std::string& path, std::string& error) {
  std::lock_guard lock(mutex_);
  const ConfigLoad& load = config_in_force(path);
  if (!load.config) {
    bool& reported = error_reported_[load.error];
    error = reported ? std::string() : load.error;
    reported = true;
    return std::nullopt;
  }
  return merge_settings(*load.config, overrides_, path);
}

}  // namespace forklift
