// The language server on any bytes. Framing: the input fed in chunks never
// crashes the frame parser, and a body framed by frame_message is read back
// whole. Dispatch: the input cut at \x01 into message bodies, sent after an
// initialize handshake and followed by shutdown and exit, is served by the
// real features without a crash, and everything the server sends is framed
// JSON. Option bits: the chunk size of the framing half.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_support.h"
#include "lsp/feature_server.h"
#include "lsp/message_framing.h"
#include "lsp/protocol_server.h"
#include "lsp/stream_transport.h"

using namespace forklift;

namespace {

void check_framing(std::string_view bytes, size_t chunk) {
  lsp::FrameParser parser;
  for (size_t at = 0; at < bytes.size(); at += chunk) {
    parser.feed(bytes.substr(at, chunk));
    while (parser.next()) {
    }
  }
  lsp::FrameParser round_trip;
  round_trip.feed(lsp::frame_message(bytes));
  std::optional<lsp::Frame> frame = round_trip.next();
  if (!frame || !std::holds_alternative<std::string>(*frame) || std::get<std::string>(*frame) != bytes) {
    fuzz::fail("a framed body is not read back whole", bytes);
  }
}

std::string session(std::string_view bodies) {
  std::string stream = lsp::frame_message(
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}})");
  stream += lsp::frame_message(R"({"jsonrpc":"2.0","method":"initialized","params":{}})");
  for (size_t begin = 0; begin <= bodies.size();) {
    size_t cut = bodies.find('\x01', begin);
    if (cut == std::string_view::npos) cut = bodies.size();
    stream += lsp::frame_message(bodies.substr(begin, cut - begin));
    begin = cut + 1;
  }
  stream += lsp::frame_message(R"({"jsonrpc":"2.0","id":999999,"method":"shutdown"})");
  return stream + lsp::frame_message(R"({"jsonrpc":"2.0","method":"exit"})");
}

void check_dispatch(std::string_view bodies) {
  std::istringstream in(session(bodies));
  std::ostringstream out;
  {
    lsp::StreamTransport transport(in, out);
    lsp::FeatureServer features(lsp::publish_through(transport), [](std::string_view) {});
    lsp::ServerOptions options;
    options.log = [](std::string_view) {};
    lsp::ProtocolServer server(transport, features, options);
    server.run();
    features.stop();
  }
  lsp::FrameParser sent;
  sent.feed(out.str());
  while (std::optional<lsp::Frame> frame = sent.next()) {
    if (!std::holds_alternative<std::string>(*frame)) fuzz::fail("the server sent a broken frame", out.str());
    if (!nlohmann::json::accept(std::get<std::string>(*frame))) {
      fuzz::fail("the server sent a body that is not JSON", std::get<std::string>(*frame));
    }
  }
  if (sent.has_partial_message()) fuzz::fail("the server sent a partial message", out.str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  check_framing(input.text, static_cast<size_t>(input.options) + 1);
  check_dispatch(input.text);
  return 0;
}
