#include <catch2/catch.hpp>

#include "lsp/incoming_queue.h"

using namespace forklift::lsp;

namespace {

std::string message(const json& value) { return value.dump(); }

}  // namespace

TEST_CASE("a cancellation overtakes the waiting request it names", "[lsp][queue]") {
  IncomingQueue queue;
  queue.push(message({{"jsonrpc", "2.0"}, {"id", 1}, {"method", "textDocument/hover"}}));
  queue.push(message({{"jsonrpc", "2.0"}, {"id", "s"}, {"method", "textDocument/hover"}}));
  queue.push(message({{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", 1}}}}));
  queue.push(message({{"jsonrpc", "2.0"}, {"method", "$/cancelRequest"}, {"params", {{"id", 7}}}}));
  auto first = std::get<json>(queue.pop());
  CHECK(queue.take_cancellation(first["id"]));
  CHECK_FALSE(queue.take_cancellation(first["id"]));
  auto second = std::get<json>(queue.pop());
  CHECK_FALSE(queue.take_cancellation(second["id"]));
  CHECK_FALSE(queue.take_cancellation(7));
}

TEST_CASE("bodies that are not JSON, framing errors and the end of input are queued in order", "[lsp][queue]") {
  IncomingQueue queue;
  queue.push(std::string("{oops"));
  queue.push(FramingError{"bad header"});
  queue.push(EndOfInput{});
  CHECK(std::get<MalformedJson>(queue.pop()).excerpt == "{oops");
  CHECK(std::get<FramingError>(queue.pop()).message == "bad header");
  CHECK(std::holds_alternative<EndOfInput>(queue.pop()));
}
