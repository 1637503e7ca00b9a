// forklift.toml as the language server applies it: the file found from the
// workspace root (as `forklift lint` finds it from a file's folder).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lsp/server_config.h"

namespace forklift::lsp {

struct ProjectConfigLoad {
  ServerConfig config;
  std::string error;  // "PATH:LINE:COL: reason" when the file was unusable (defaults are used)
};

// `root_path` is the workspace folder; without one, the working directory.
ProjectConfigLoad load_project_config(const std::optional<std::string>& root_path);

// The names find_config() looks for (rules/config.h), as glob patterns for a
// file watcher over the workspace.
const std::vector<std::string>& project_config_globs();
// Whether a changed file (a path) is one of them.
bool is_project_config_file(std::string_view path);

}  // namespace forklift::lsp
