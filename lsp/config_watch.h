// The forklift.toml files the language server watches: a change to any of
// them makes every open document resolve its settings again.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace forklift::lsp {

// The names find_config() looks for (config/config_file.h), as glob patterns
// for a file watcher over the workspace.
const std::vector<std::string>& project_config_globs();
// Whether a changed file (a path) is one of them.
bool is_project_config_file(std::string_view path);

}  // namespace forklift::lsp
