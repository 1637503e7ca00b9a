// forklift.toml as the language server applies it: the file found from the
// workspace root (as `forklift lint` finds it from a file's folder).
#pragma once

#include <optional>
#include <string>

#include "lsp/server_config.h"

namespace forklift::lsp {

struct ProjectConfigLoad {
  ServerConfig config;
  std::string error;  // "PATH:LINE:COL: reason" when the file was unusable (defaults are used)
};

// `root_path` is the workspace folder; without one, the working directory.
ProjectConfigLoad load_project_config(const std::optional<std::string>& root_path);

}  // namespace forklift::lsp
