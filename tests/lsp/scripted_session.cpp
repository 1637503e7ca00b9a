#include "tests/lsp/scripted_session.h"

#include <sstream>

#include "lsp/message_framing.h"
#include "lsp/stream_transport.h"

namespace forklift::lsp::test {

SessionOutcome run_scripted_session(const std::string& input, LanguageFeatures& features) {
  std::istringstream in(input);
  std::ostringstream out;
  StreamTransport transport(in, out);
  SessionOutcome outcome;
  ServerOptions options;
  options.version = "test";
  options.log = [&outcome](std::string_view text) { outcome.log.emplace_back(text); };
  ProtocolServer server(transport, features, options);
  outcome.status = server.run();
  FrameParser parser;
  parser.feed(out.str());
  while (auto frame = parser.next()) outcome.sent.push_back(json::parse(std::get<std::string>(*frame)));
  return outcome;
}

std::string frame(const json& message) { return frame_message(message.dump()); }

json request(int id, const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

json notification(const std::string& method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

std::string initialize_handshake(json capabilities, json options) {
  json params = {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", std::move(capabilities)}};
  if (!options.is_null()) params["initializationOptions"] = std::move(options);
  return frame(request(0, "initialize", std::move(params))) + frame(notification("initialized"));
}

const json* find_response(const std::vector<json>& sent, int id) {
  for (const json& message : sent) {
    if (message.contains("id") && message["id"] == id && !message.contains("method")) return &message;
  }
  return nullptr;
}

}  // namespace forklift::lsp::test
