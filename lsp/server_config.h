// What the user can configure for the language server: the client's settings
// (initializationOptions and workspace/configuration section "forklift"). The
// lint settings among them override each document's forklift.toml as the
// command-line flags do (config/settings_resolver.h).
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/settings_resolver.h"
#include "lsp/rule_docs_location.h"

namespace forklift::lsp {

struct ServerConfig {
  SettingsOverrides overrides;  // select replaces the configured one; extendSelect and ignore add to it
  // Edits of a burst (closer than this) or behind a running analysis wait this
  // long, so typing does not queue work; a lone edit is analysed at once.
  std::chrono::milliseconds debounce{20};
  // Where a rule's documentation lives; {code} and {name} are substituted.
  std::string docs_url_template = default_docs_url_template();
};

// Applies the client's settings over `base`; unknown keys are ignored, and a
// value of the wrong type is an error naming the key (std::invalid_argument).
// The lint settings are SettingsOverrides, as --select, --ignore, ... are.
//   { "shell": "ksh", "select": ["FL1"], "extendSelect": [], "ignore": [],
//     "unsafeFixes": false, "debounceMs": 20, "docsUrl": "https://.../{code}" }
ServerConfig apply_client_settings(ServerConfig base, const nlohmann::json& settings);

// The documentation link of a rule under `config`.
std::string docs_url(const ServerConfig& config, std::string_view code, std::string_view name);

}  // namespace forklift::lsp
