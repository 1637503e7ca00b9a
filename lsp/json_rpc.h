// JSON-RPC 2.0 as LSP uses it: message kinds, error codes, and the shapes of
// responses and notifications. Nothing here knows about LSP methods.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace forklift::lsp {

using json = nlohmann::json;

enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  RequestCancelled = -32800,
  ContentModified = -32801,
};

struct ResponseError {
  ErrorCode code = ErrorCode::InternalError;
  std::string message;
};

// An id is a number or a string; kept as JSON so it is echoed back unchanged.
using RequestId = json;

enum class MessageKind { Request, Notification, Response, Invalid };

// What a decoded JSON value is, by the fields JSON-RPC requires.
MessageKind classify_message(const json& message);

// Decodes a message body; nullopt when it is not JSON.
std::optional<json> parse_message(std::string_view body);

json make_result_response(const RequestId& id, json result);
json make_error_response(const RequestId& id, const ResponseError& error);
json make_notification(std::string_view method, json params);
json make_request(const RequestId& id, std::string_view method, json params);

}  // namespace forklift::lsp
