#include "cli/lint_settings.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace forklift::cli {
namespace {

const ConfigLoad& default_config() {
  static const ConfigLoad defaults{Config{}, {}};
  return defaults;
}

void append(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

const ConfigLoad& SettingsResolver::config_in_force(const std::string& path) {
  std::optional<std::string> config_path;
  if (flags_.isolated) return default_config();
  if (flags_.config_file) {
    config_path = flags_.config_file;
  } else {
    std::string directory = fs::path(path).parent_path().string();
    auto cached = config_by_directory_.find(directory);
    if (cached == config_by_directory_.end()) cached = config_by_directory_.emplace(directory, find_config(directory)).first;
    config_path = cached->second;
  }
  if (!config_path) return default_config();
  auto loaded = loaded_.find(*config_path);
  if (loaded == loaded_.end()) loaded = loaded_.emplace(*config_path, load_config(*config_path)).first;
  return loaded->second;
}

FileSettings SettingsResolver::merge(const Config& config, const std::string& path) const {
  FileSettings settings;
  RuleSelection& rules = settings.options.rules;
  if (flags_.select) {
    rules.select = *flags_.select;
  } else if (config.select) {
    rules.select = *config.select;
  }
  rules.extend_select = config.extend_select;
  append(rules.extend_select, flags_.extend_select);
  rules.ignore = config.ignore;
  append(rules.ignore, flags_.ignore);
  settings.options.shell = flags_.shell ? flags_.shell : config.shell;
  settings.per_file_ignores = config.ignores_for(path);
  settings.unsafe_fixes = flags_.unsafe_fixes.value_or(config.unsafe_fixes);
  return settings;
}

std::optional<FileSettings> SettingsResolver::settings_for(const std::string& path, std::string& error) {
  const ConfigLoad& load = config_in_force(path);
  if (!load.config) {
    bool& reported = error_reported_[load.error];
    error = reported ? std::string() : load.error;
    reported = true;
    return std::nullopt;
  }
  return merge(*load.config, path);
}

}  // namespace forklift::cli
