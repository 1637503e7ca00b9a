// Runs a ProtocolServer over in-memory streams on a fixed list of incoming
// messages and returns everything it wrote.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lsp/language_features.h"
#include "lsp/protocol_server.h"

namespace forklift::lsp::test {

using nlohmann::json;

struct SessionOutcome {
  int status = -1;
  std::vector<json> sent;     // messages the server wrote, in order
  std::vector<std::string> log;
};

// `input` is raw bytes (use frame_message); the server runs until exit or the end of input.
SessionOutcome run_scripted_session(const std::string& input, LanguageFeatures& features);
std::string frame(const json& message);
json request(int id, const std::string& method, json params = json::object());
json notification(const std::string& method, json params = json::object());
// The initialize request and initialized notification, framed.
std::string initialize_handshake(json capabilities = json::object(), json options = nullptr);
const json* find_response(const std::vector<json>& sent, int id);

}  // namespace forklift::lsp::test
