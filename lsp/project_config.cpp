#include "lsp/project_config.h"

#include <algorithm>
#include <filesystem>
#include <memory>

#include "rules/config.h"

namespace forklift::lsp {
namespace {

const std::vector<std::string> kConfigFileNames = {"forklift.toml", ".forklift.toml"};

}  // namespace

const std::vector<std::string>& project_config_globs() {
  static const std::vector<std::string> globs = [] {
    std::vector<std::string> patterns;
    for (const std::string& name : kConfigFileNames) patterns.push_back("**/" + name);
    return patterns;
  }();
  return globs;
}

bool is_project_config_file(std::string_view path) {
  std::string name = std::filesystem::path(path).filename().string();
  return std::find(kConfigFileNames.begin(), kConfigFileNames.end(), name) != kConfigFileNames.end();
}

ProjectConfigLoad load_project_config(const std::optional<std::string>& root_path) {
  std::error_code ignored;
  std::string directory = root_path.value_or(std::filesystem::current_path(ignored).string());
  ProjectConfigLoad load;
  auto path = find_config(directory);
  if (!path) return load;
  ConfigLoad loaded = load_config(*path);
  if (!loaded.config) {
    load.error = loaded.error;
    return load;
  }
  auto project = std::make_shared<const Config>(std::move(*loaded.config));
  ServerConfig& config = load.config;
  if (project->select) config.lint.rules.select = *project->select;
  config.lint.rules.extend_select = project->extend_select;
  config.lint.rules.ignore = project->ignore;
  config.lint.shell = project->shell;
  config.unsafe_fixes = project->unsafe_fixes;
  if (!project->per_file_ignores.empty()) {
    config.per_file_ignores = [project](std::string_view file_path) { return project->ignores_for(file_path); };
  }
  return load;
}

}  // namespace forklift::lsp
