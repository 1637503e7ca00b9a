#include "lsp/project_config.h"

#include <filesystem>
#include <memory>

#include "rules/config.h"

namespace forklift::lsp {

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
