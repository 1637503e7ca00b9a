#include "lsp/json_rpc.h"

namespace forklift::lsp {
namespace {

bool is_valid_id(const json& id) { return id.is_number_integer() || id.is_string(); }

// find, not value(): value() throws when the member has another type.
bool is_json_rpc_2(const json& message) {
  auto version = message.find("jsonrpc");
  return version != message.end() && version->is_string() && *version == "2.0";
}

}  // namespace

MessageKind classify_message(const json& message) {
  if (!message.is_object() || !is_json_rpc_2(message)) return MessageKind::Invalid;
  auto method = message.find("method");
  auto id = message.find("id");
  if (method != message.end()) {
    if (!method->is_string()) return MessageKind::Invalid;
    if (id == message.end()) return MessageKind::Notification;
    return is_valid_id(*id) ? MessageKind::Request : MessageKind::Invalid;
  }
  if (id != message.end() && (message.contains("result") || message.contains("error"))) return MessageKind::Response;
  return MessageKind::Invalid;
}

std::optional<json> parse_message(std::string_view body) {
  json value = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return std::nullopt;
  return value;
}

json make_result_response(const RequestId& id, json result) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json make_error_response(const RequestId& id, const ResponseError& error) {
  return json{{"jsonrpc", "2.0"},
              {"id", id},
              {"error", {{"code", static_cast<int>(error.code)}, {"message", error.message}}}};
}

json make_notification(std::string_view method, json params) {
  return json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

json make_request(const RequestId& id, std::string_view method, json params) {
  return json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

}  // namespace forklift::lsp
