// What the user can configure for the language server. Settings come from
// forklift.toml and, on top, from the client (initializationOptions and
// workspace/configuration section "forklift").
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/linter.h"

namespace forklift::lsp {

struct ServerConfig {
  LintOptions lint;
  bool unsafe_fixes = false;  // offer fixes whose applicability is Unsafe
  // Edits of a burst (closer than this) or behind a running analysis wait this
  // long, so typing does not queue work; a lone edit is analysed at once.
  std::chrono::milliseconds debounce{20};
  // Codes the project switches off for one file (forklift.toml per-file-ignores).
  std::function<std::vector<std::string>(std::string_view path)> per_file_ignores;
  // Where a rule's documentation lives; {code} and {name} are substituted.
  std::string docs_url_template = "https://forklift.dev/rules/{code}";
};

// Applies the client's settings over `base`; unknown keys are ignored, and a
// value of the wrong type is an error naming the key (std::invalid_argument).
//   { "shell": "ksh", "select": ["FL1"], "extendSelect": [], "ignore": [],
//     "unsafeFixes": false, "debounceMs": 20, "docsUrl": "https://.../{code}" }
ServerConfig apply_client_settings(ServerConfig base, const nlohmann::json& settings);

// The documentation link of a rule under `config`.
std::string docs_url(const ServerConfig& config, std::string_view code, std::string_view name);

}  // namespace forklift::lsp
