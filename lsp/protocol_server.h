// The JSON side of the language server: reads messages from a transport,
// enforces the lifecycle (initialize .. shutdown, exit), decodes parameters
// into typed structs for LanguageFeatures, and encodes the answers.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "lsp/incoming_queue.h"
#include "lsp/json_rpc.h"
#include "lsp/language_features.h"
#include "lsp/protocol/lifecycle.h"
#include "lsp/server_config.h"
#include "lsp/transport.h"

namespace forklift::lsp {

struct ServerOptions {
  std::string version = "0";
  std::function<void(std::string_view)> log;  // diagnostics about the protocol; default: stderr
};

// A request's result: a JSON value, or JSON text already written (results
// large enough that building a document of them first would dominate).
struct Reply {
  Reply(json value) : value(std::move(value)) {}  // implicit: most handlers return a JSON value
  static Reply written(std::string text);

  json value;
  std::optional<std::string> text;
};

class ProtocolServer {
 public:
  ProtocolServer(Transport& transport, LanguageFeatures& features, ServerOptions options);

  // Serves until `exit` or the end of input. Returns the exit status LSP
  // prescribes: 0 when `shutdown` came first, else 1.
  int run();

 private:
  enum class State { Uninitialized, Running, ShutDown };
  using RequestHandler = Reply (ProtocolServer::*)(const json& params);
  using NotificationHandler = void (ProtocolServer::*)(const json& params);

  // Returns false when the server must stop.
  bool handle(QueuedMessage message);
  void handle_request(const json& message);
  void handle_notification(const json& message);
  void handle_response(const json& message);

  Reply on_initialize(const json& params);
  Reply on_shutdown(const json& params);
  Reply on_code_action(const json& params);
  Reply on_code_action_resolve(const json& params);
  Reply on_hover(const json& params);
  Reply on_document_symbol(const json& params);
  Reply on_definition(const json& params);
  Reply on_references(const json& params);
  Reply on_formatting(const json& params);
  void on_initialized(const json& params);
  void on_did_open(const json& params);
  void on_did_change(const json& params);
  void on_did_close(const json& params);
  void on_did_change_configuration(const json& params);
  void on_did_change_watched_files(const json& params);

  void send_request(const std::string& method, json params, std::function<void(const json& result)> on_result);
  void request_client_configuration();
  void watch_project_config();
  void apply_settings(const json& settings);
  void send(const json& message);
  void send_result(const RequestId& id, Reply reply);
  void log(std::string_view text) const;

  Transport& transport_;
  LanguageFeatures& features_;
  ServerOptions options_;
  IncomingQueue queue_;
  State state_ = State::Uninitialized;
  bool exit_requested_ = false;
  InitializeParams client_;
  json client_settings_;  // the last the client sent, applied again when a forklift.toml changes
  int next_request_id_ = 1;
  std::map<std::string, std::function<void(const json& result)>> pending_client_requests_;
  const std::map<std::string_view, RequestHandler> requests_;
  const std::map<std::string_view, NotificationHandler> notifications_;
};

// Sends diagnostics as textDocument/publishDiagnostics notifications.
DiagnosticsPublisher publish_through(Transport& transport);

// Encodes a message for the wire; invalid UTF-8 in strings (from a document
// that is not UTF-8) becomes U+FFFD instead of failing.
std::string serialize(const json& message);

}  // namespace forklift::lsp
