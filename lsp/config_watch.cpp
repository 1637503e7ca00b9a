#include "lsp/config_watch.h"

#include <algorithm>
#include <filesystem>

#include "config/config_file.h"

namespace forklift::lsp {

const std::vector<std::string>& project_config_globs() {
  static const std::vector<std::string> globs = [] {
    std::vector<std::string> patterns;
    for (const std::string& name : config_file_names()) patterns.push_back("**/" + name);
    return patterns;
  }();
  return globs;
}

bool is_project_config_file(std::string_view path) {
  std::string name = std::filesystem::path(path).filename().string();
  const std::vector<std::string>& names = config_file_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace forklift::lsp
