#include <catch2/catch.hpp>

#include "lsp/message_framing.h"

using forklift::lsp::Frame;
using forklift::lsp::FrameParser;
using forklift::lsp::FramingError;
using forklift::lsp::frame_message;

namespace {

std::string body_of(const std::optional<Frame>& frame) {
  REQUIRE(frame.has_value());
  REQUIRE(std::holds_alternative<std::string>(*frame));
  return std::get<std::string>(*frame);
}

}  // namespace

TEST_CASE("framing puts the byte length of the body in the header", "[lsp][framing]") {
  CHECK(frame_message("{}") == "Content-Length: 2\r\n\r\n{}");
  CHECK(frame_message("\"é\"") == "Content-Length: 4\r\n\r\n\"é\"");
}

TEST_CASE("the frame parser splits a stream into bodies whatever the chunking", "[lsp][framing]") {
  std::string stream = frame_message(R"({"a":1})") + frame_message(R"({"b":2})");
  for (size_t chunk : {size_t{1}, size_t{3}, size_t{7}, stream.size()}) {
    FrameParser parser;
    std::vector<std::string> bodies;
    for (size_t at = 0; at < stream.size(); at += chunk) {
      parser.feed(std::string_view(stream).substr(at, chunk));
      while (auto frame = parser.next()) bodies.push_back(body_of(frame));
    }
    CHECK(bodies == std::vector<std::string>{R"({"a":1})", R"({"b":2})"});
    CHECK_FALSE(parser.has_partial_message());
  }
}

TEST_CASE("headers are case-insensitive, may carry Content-Type, and may end in bare newlines", "[lsp][framing]") {
  FrameParser parser;
  parser.feed("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}");
  CHECK(body_of(parser.next()) == "{}");
  parser.feed("Content-Length: 2\n\n[]");
  CHECK(body_of(parser.next()) == "[]");
}

TEST_CASE("a header block without a usable length is reported and skipped", "[lsp][framing]") {
  FrameParser parser;
  parser.feed("Content-Type: x\r\n\r\n" "Content-Length: abc\r\n\r\n" "garbage\r\n\r\n" + frame_message("{}"));
  auto missing = parser.next();
  REQUIRE(std::holds_alternative<FramingError>(*missing));
  CHECK(std::get<FramingError>(*missing).message == "header block without Content-Length");
  auto invalid = parser.next();
  REQUIRE(std::holds_alternative<FramingError>(*invalid));
  CHECK(std::get<FramingError>(*invalid).message == "invalid Content-Length `abc`");
  CHECK(std::holds_alternative<FramingError>(*parser.next()));
  CHECK(body_of(parser.next()) == "{}");
}

TEST_CASE("an oversized message is refused and its body skipped", "[lsp][framing]") {
  FrameParser parser;
  std::string header = "Content-Length: " + std::to_string(FrameParser::kMaxBodyBytes + 1) + "\r\n\r\n";
  parser.feed(header);
  auto refused = parser.next();
  REQUIRE(std::holds_alternative<FramingError>(*refused));
  CHECK(std::get<FramingError>(*refused).message.find("exceeds the limit") != std::string::npos);
  CHECK_FALSE(parser.next().has_value());
}

TEST_CASE("an unfinished message waits for more bytes", "[lsp][framing]") {
  FrameParser parser;
  parser.feed("Content-Length: 10\r\n\r\n{\"a\":");
  CHECK_FALSE(parser.next().has_value());
  CHECK(parser.has_partial_message());
  parser.feed("true}");
  CHECK(body_of(parser.next()) == R"({"a":true})");
}
