// JSON-RPC 2.0 as LSP uses it: message kinds, error codes, and the shapes of
// responses and notifications. Nothing here knows about LSP methods.
#pragma once

#include <optional>
#include <span>
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

// Decodes a message body; nullopt when it is not JSON. The member at
// `unread` (keys from the top, e.g. {"params", "x"}), when there is one, is
// checked as JSON but left out of the result: a receiver that never reads a
// large member does not pay for building it.
std::optional<json> parse_message(std::string_view body, std::span<const std::string_view> unread = {});

json make_result_response(const RequestId& id, json result);
json make_error_response(const RequestId& id, const ResponseError& error);
json make_notification(std::string_view method, json params);
json make_request(const RequestId& id, std::string_view method, json params);

}  // namespace forklift::lsp
