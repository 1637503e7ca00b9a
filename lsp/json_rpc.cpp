#include "lsp/json_rpc.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace forklift::lsp {
namespace {

bool is_valid_id(const json& id) { return id.is_number_integer() || id.is_string(); }

// find, not value(): value() throws when the member has another type.
bool is_json_rpc_2(const json& message) {
  auto version = message.find("jsonrpc");
  return version != message.end() && version->is_string() && *version == "2.0";
}

// A parser callback that drops the member at `path`. Its key is refused,
// and so is its value's first event, so that nothing inside it is built (a
// refused container's contents are only checked); the member ends where the
// next key at its depth or above starts.
json::parser_callback_t skipping(std::span<const std::string_view> path) {
  struct State {
    std::vector<std::string> keys;  // the key at each depth, from the top
    int skipped_depth = 0;          // the depth of the key being skipped; 0 when none
  };
  return [path, state = std::make_shared<State>()](int depth, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::key) {
      if (state->skipped_depth != 0 && depth <= state->skipped_depth) state->skipped_depth = 0;
      state->keys.resize(static_cast<size_t>(depth));
      state->keys.back() = parsed.get<std::string>();
      bool match = state->keys.size() == path.size() && std::equal(path.begin(), path.end(), state->keys.begin());
      if (match) state->skipped_depth = depth;
      return !match;
    }
    bool starts_value = event == json::parse_event_t::object_start || event == json::parse_event_t::array_start ||
                        event == json::parse_event_t::value;
    return !(starts_value && state->skipped_depth != 0 && depth >= state->skipped_depth);
  };
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

std::optional<json> parse_message(std::string_view body, std::span<const std::string_view> unread) {
  json value = json::parse(body, unread.empty() ? json::parser_callback_t() : skipping(unread), /*allow_exceptions=*/false);
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
