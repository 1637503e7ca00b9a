#include "lsp/protocol_server.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "lsp/protocol/basic_types.h"
#include "lsp/protocol/code_action_writer.h"
#include "lsp/protocol/publish_diagnostics_writer.h"
#include "lsp/config_watch.h"
#include "lsp/shfmt_formatter.h"
#include "lsp/uri.h"

namespace forklift::lsp {
namespace {

const std::vector<std::string> kCodeActionKinds = {kQuickFixKind, kForkliftFixAllKind};

// The server's own error, reported to the client as a response error.
struct RequestError : std::runtime_error {
  RequestError(ErrorCode code, const std::string& message) : std::runtime_error(message), code(code) {}
  ErrorCode code;
};

// Not copied: a document's text, or every diagnostic echoed in a code action
// request's context, can be a megabyte.
const json& params_of(const json& message) {
  static const json kAbsent;
  auto params = message.find("params");
  return params == message.end() ? kAbsent : *params;
}

}  // namespace

Reply Reply::written(std::string text) {
  Reply reply(json(nullptr));
  reply.text = std::move(text);
  return reply;
}

std::string serialize(const json& message) { return message.dump(-1, ' ', false, json::error_handler_t::replace); }

DiagnosticsPublisher publish_through(Transport& transport) {
  return [&transport](const PublishDiagnosticsParams& params) {
    transport.write(publish_diagnostics_notification(params));
  };
}

ProtocolServer::ProtocolServer(Transport& transport, LanguageFeatures& features, ServerOptions options)
    : transport_(transport),
      features_(features),
      options_(std::move(options)),
      requests_{
          {"initialize", &ProtocolServer::on_initialize},
          {"shutdown", &ProtocolServer::on_shutdown},
          {"textDocument/codeAction", &ProtocolServer::on_code_action},
          {"codeAction/resolve", &ProtocolServer::on_code_action_resolve},
          {"textDocument/hover", &ProtocolServer::on_hover},
          {"textDocument/documentSymbol", &ProtocolServer::on_document_symbol},
          {"textDocument/definition", &ProtocolServer::on_definition},
          {"textDocument/references", &ProtocolServer::on_references},
          {"textDocument/formatting", &ProtocolServer::on_formatting},
      },
      notifications_{
          {"initialized", &ProtocolServer::on_initialized},
          {"textDocument/didOpen", &ProtocolServer::on_did_open},
          {"textDocument/didChange", &ProtocolServer::on_did_change},
          {"textDocument/didClose", &ProtocolServer::on_did_close},
          {"workspace/didChangeConfiguration", &ProtocolServer::on_did_change_configuration},
          {"workspace/didChangeWatchedFiles", &ProtocolServer::on_did_change_watched_files},
      } {}

int ProtocolServer::run() {
  std::thread reader([this] {
    while (true) {
      Incoming incoming = transport_.read();
      bool end = std::holds_alternative<EndOfInput>(incoming);
      queue_.push(std::move(incoming));
      if (end) return;
    }
  });
  while (handle(queue_.pop())) {
  }
  features_.stop();
  transport_.close_input();
  reader.join();
  return state_ == State::ShutDown ? 0 : 1;
}

bool ProtocolServer::handle(QueuedMessage message) {
  if (std::holds_alternative<EndOfInput>(message)) {
    if (state_ != State::ShutDown) log("input ended without shutdown and exit; stopping");
    return false;
  }
  if (auto* error = std::get_if<FramingError>(&message)) {
    log(fmt::format("dropped unreadable input: {}", error->message));
    return true;
  }
  if (auto* malformed = std::get_if<MalformedJson>(&message)) {
    send(make_error_response(nullptr, {ErrorCode::ParseError, "message is not valid JSON: " + malformed->excerpt}));
    return true;
  }
  const json& value = std::get<json>(message);
  switch (classify_message(value)) {
    case MessageKind::Request:
      handle_request(value);
      break;
    case MessageKind::Notification:
      handle_notification(value);
      break;
    case MessageKind::Response:
      handle_response(value);
      break;
    case MessageKind::Invalid: {
      json id = value.is_object() ? value.value("id", json()) : json();
      if (!id.is_number_integer() && !id.is_string()) id = nullptr;
      send(make_error_response(id, {ErrorCode::InvalidRequest, "not a JSON-RPC 2.0 request, notification or response"}));
      break;
    }
  }
  return !exit_requested_;
}

void ProtocolServer::handle_request(const json& message) {
  const json& id = message.at("id");
  const std::string method = message.at("method").get<std::string>();
  if (queue_.take_cancellation(id)) {
    send(make_error_response(id, {ErrorCode::RequestCancelled, "cancelled by the client"}));
    return;
  }
  if (state_ == State::Uninitialized && method != "initialize") {
    send(make_error_response(id, {ErrorCode::ServerNotInitialized, "the server is not initialized yet"}));
    return;
  }
  if (state_ == State::ShutDown) {
    send(make_error_response(id, {ErrorCode::InvalidRequest, "the server is shutting down"}));
    return;
  }
  auto handler = requests_.find(method);
  if (handler == requests_.end()) {
    send(make_error_response(id, {ErrorCode::MethodNotFound, "unsupported method " + method}));
    return;
  }
  try {
    send_result(id, (this->*handler->second)(params_of(message)));
  } catch (const RequestError& e) {
    send(make_error_response(id, {e.code, e.what()}));
  } catch (const json::exception& e) {
    send(make_error_response(id, {ErrorCode::InvalidParams, fmt::format("invalid params for {}: {}", method, e.what())}));
  } catch (const std::invalid_argument& e) {
    send(make_error_response(id, {ErrorCode::InvalidParams, fmt::format("invalid params for {}: {}", method, e.what())}));
  } catch (const std::exception& e) {
    send(make_error_response(id, {ErrorCode::InternalError, fmt::format("{} failed: {}", method, e.what())}));
  }
}

void ProtocolServer::handle_notification(const json& message) {
  const std::string method = message.at("method").get<std::string>();
  if (method == "exit") {
    exit_requested_ = true;
    return;
  }
  // Before initialize, notifications are dropped; after shutdown only exit counts.
  if (state_ != State::Running) return;
  auto handler = notifications_.find(method);
  if (handler == notifications_.end()) return;  // `$/...` and unknown notifications may be ignored
  try {
    (this->*handler->second)(params_of(message));
  } catch (const std::exception& e) {
    log(fmt::format("ignored {}: {}", method, e.what()));
  }
}

void ProtocolServer::handle_response(const json& message) {
  auto pending = pending_client_requests_.find(message.at("id").dump());
  if (pending == pending_client_requests_.end()) return;
  auto on_result = std::move(pending->second);
  pending_client_requests_.erase(pending);
  if (message.contains("error")) {
    log(fmt::format("the client answered with an error: {}", serialize(message.at("error"))));
    return;
  }
  try {
    on_result(message.at("result"));
  } catch (const std::exception& e) {
    log(fmt::format("ignored the client's answer: {}", e.what()));
  }
}

Reply ProtocolServer::on_initialize(const json& params) {
  if (state_ != State::Uninitialized) throw RequestError(ErrorCode::InvalidRequest, "initialize was already called");
  client_ = params.get<InitializeParams>();
  PositionEncoding encoding = negotiate_position_encoding(client_.position_encodings);
  features_.set_position_encoding(encoding);
  features_.set_related_information_support(client_.supports_related_information);
  features_.set_code_action_resolve_support(client_.supports_code_action_edit_resolve);
  apply_settings(client_.initialization_options);
  state_ = State::Running;
  InitializeResult result;
  result.capabilities.position_encoding = std::string(position_encoding_name(encoding));
  result.capabilities.code_action_kinds = kCodeActionKinds;
  result.capabilities.code_action_resolve = true;
  result.capabilities.document_formatting = !find_shfmt().empty();
  result.server_name = "forklift";
  result.server_version = options_.version;
  return json(result);
}

Reply ProtocolServer::on_shutdown(const json&) {
  features_.stop();
  state_ = State::ShutDown;
  return json(nullptr);
}

Reply ProtocolServer::on_code_action(const json& params) {
  return Reply::written(code_actions_json(features_.code_actions(params.get<CodeActionParams>())));
}

// The action comes back as it was sent, with its edit when it can still be computed.
Reply ProtocolServer::on_code_action_resolve(const json& params) {
  json action = params;
  auto data = params.find("data");
  if (data == params.end()) return action;
  if (auto edit = features_.resolve_fix_all(data->get<CodeActionData>())) action["edit"] = *edit;
  return action;
}

Reply ProtocolServer::on_hover(const json& params) {
  auto hover = features_.hover(params.get<TextDocumentPositionParams>());
  return hover ? json(*hover) : json(nullptr);
}

Reply ProtocolServer::on_document_symbol(const json& params) {
  return json(features_.document_symbols(params.at("textDocument").get<TextDocumentIdentifier>()));
}

Reply ProtocolServer::on_definition(const json& params) {
  return json(features_.definition(params.get<TextDocumentPositionParams>()));
}

Reply ProtocolServer::on_references(const json& params) {
  return json(features_.references(params.get<ReferenceParams>()));
}

Reply ProtocolServer::on_formatting(const json& params) {
  return json(features_.formatting(params.get<DocumentFormattingParams>()));
}

void ProtocolServer::on_initialized(const json&) {
  if (client_.supports_configuration) request_client_configuration();
  if (client_.supports_watcher_registration) watch_project_config();
}

void ProtocolServer::on_did_open(const json& params) { features_.did_open(params.get<DidOpenTextDocumentParams>()); }

void ProtocolServer::on_did_change(const json& params) {
  features_.did_change(params.get<DidChangeTextDocumentParams>());
}

void ProtocolServer::on_did_close(const json& params) { features_.did_close(params.get<DidCloseTextDocumentParams>()); }

// Pull-model clients send an empty notification and answer
// workspace/configuration; push-model clients send the settings along.
void ProtocolServer::on_did_change_configuration(const json& params) {
  if (client_.supports_configuration) {
    request_client_configuration();
    return;
  }
  json settings = params.is_object() ? params.value("settings", json()) : json();
  if (settings.is_object() && settings.contains("forklift")) settings = settings.at("forklift");
  apply_settings(settings);
}

// A client without dynamic registration may still watch the files on its own
// and send these; any change to a config file makes documents resolve their settings again.
void ProtocolServer::on_did_change_watched_files(const json& params) {
  bool config_changed = false;
  for (const json& change : params.at("changes")) {
    auto path = path_from_uri(change.at("uri").get<std::string>());
    config_changed = config_changed || (path && is_project_config_file(*path));
  }
  if (!config_changed) return;
  apply_settings(client_settings_);
}

void ProtocolServer::send_request(const std::string& method, json params,
                                  std::function<void(const json& result)> on_result) {
  std::string id = fmt::format("forklift-{}", next_request_id_++);
  pending_client_requests_[json(id).dump()] = std::move(on_result);
  send(make_request(id, method, std::move(params)));
}

void ProtocolServer::request_client_configuration() {
  send_request("workspace/configuration", {{"items", {{{"section", "forklift"}}}}}, [this](const json& result) {
    if (result.is_array() && !result.empty()) apply_settings(result.front());
  });
}

void ProtocolServer::watch_project_config() {
  json watchers = json::array();
  for (const std::string& glob : project_config_globs()) watchers.push_back({{"globPattern", glob}});
  json registration = {{"id", "forklift-config-watcher"},
                       {"method", "workspace/didChangeWatchedFiles"},
                       {"registerOptions", {{"watchers", watchers}}}};
  send_request("client/registerCapability", {{"registrations", {registration}}}, [](const json&) {});
}

void ProtocolServer::apply_settings(const json& settings) {
  client_settings_ = settings;
  ServerConfig config;
  try {
    config = apply_client_settings(ServerConfig{}, settings);
  } catch (const std::invalid_argument& e) {
    log(fmt::format("ignored the client's settings: {}", e.what()));
  }
  features_.configure(config);
}

void ProtocolServer::send(const json& message) { transport_.write(serialize(message)); }

void ProtocolServer::send_result(const RequestId& id, Reply reply) {
  if (!reply.text) {
    send(make_result_response(id, std::move(reply.value)));
    return;
  }
  std::string response = R"({"jsonrpc":"2.0","id":)" + serialize(id) + R"(,"result":)";
  response.reserve(response.size() + reply.text->size() + 1);
  response += *reply.text;
  response += '}';
  transport_.write(response);
}

void ProtocolServer::log(std::string_view text) const {
  if (options_.log) {
    options_.log(text);
  } else {
    std::fprintf(stderr, "forklift lsp: %.*s\n", static_cast<int>(text.size()), text.data());
  }
}

}  // namespace forklift::lsp
