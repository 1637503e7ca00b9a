#include "lsp/protocol/lifecycle.h"

#include <algorithm>

#include <stdexcept>

namespace forklift::lsp {
namespace {

// The value at a JSON pointer, or null when any step is missing.
json value_at(const json& j, const char* pointer) {
  json::json_pointer ptr(pointer);
  return j.contains(ptr) ? j.at(ptr) : json();
}

}  // namespace

void from_json(const json& j, InitializeParams& p) {
  if (!j.is_object()) throw std::invalid_argument("initialize params must be an object");
  if (auto root = value_at(j, "/rootUri"); root.is_string()) p.root_uri = root.get<std::string>();
  if (auto folders = value_at(j, "/workspaceFolders"); !p.root_uri && folders.is_array() && !folders.empty()) {
    p.root_uri = folders.front().at("uri").get<std::string>();
  }
  if (auto encodings = value_at(j, "/capabilities/general/positionEncodings"); encodings.is_array()) {
    for (const auto& e : encodings) {
      if (e.is_string()) p.position_encodings.push_back(e.get<std::string>());
    }
  }
  p.supports_configuration = value_at(j, "/capabilities/workspace/configuration") == json(true);
  p.supports_watcher_registration =
      value_at(j, "/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration") == json(true);
  p.supports_related_information =
      value_at(j, "/capabilities/textDocument/publishDiagnostics/relatedInformation") == json(true);
  if (auto resolvable = value_at(j, "/capabilities/textDocument/codeAction/resolveSupport/properties");
      resolvable.is_array()) {
    p.supports_code_action_edit_resolve = std::find(resolvable.begin(), resolvable.end(), json("edit")) != resolvable.end();
  }
  p.initialization_options = value_at(j, "/initializationOptions");
}

void to_json(json& j, const ServerCapabilities& c) {
  j = json{
      {"positionEncoding", c.position_encoding},
      {"textDocumentSync", {{"openClose", true}, {"change", 2 /* incremental */}}},
      {"codeActionProvider", {{"codeActionKinds", c.code_action_kinds}, {"resolveProvider", c.code_action_resolve}}},
      {"hoverProvider", true},
      {"documentSymbolProvider", true},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"documentFormattingProvider", c.document_formatting},
  };
}

void to_json(json& j, const InitializeResult& r) {
  j = json{{"capabilities", r.capabilities}, {"serverInfo", {{"name", r.server_name}, {"version", r.server_version}}}};
}

}  // namespace forklift::lsp
