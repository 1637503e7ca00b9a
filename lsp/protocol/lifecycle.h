// initialize: what the client offers and what the server answers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

struct InitializeParams {
  std::optional<std::string> root_uri;          // rootUri, or the first workspace folder
  std::vector<std::string> position_encodings;  // general.positionEncodings; empty = utf-16 only
  bool supports_configuration = false;          // workspace.configuration
  bool supports_watcher_registration = false;   // workspace.didChangeWatchedFiles.dynamicRegistration
  bool supports_related_information = false;    // textDocument.publishDiagnostics.relatedInformation
  bool supports_code_action_edit_resolve = false;  // textDocument.codeAction.resolveSupport lists "edit"
  json initialization_options;                  // null when absent
};

struct ServerCapabilities {
  std::string position_encoding;  // "utf-8" or "utf-16"
  std::vector<std::string> code_action_kinds;
  bool code_action_resolve = false;  // codeAction/resolve computes deferred edits
  bool document_formatting = false;  // shfmt is installed
};

struct InitializeResult {
  ServerCapabilities capabilities;
  std::string server_name;
  std::string server_version;
};

void from_json(const json& j, InitializeParams& p);
void to_json(json& j, const ServerCapabilities& c);
void to_json(json& j, const InitializeResult& r);

}  // namespace forklift::lsp
