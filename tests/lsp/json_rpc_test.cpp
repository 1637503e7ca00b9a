#include <catch2/catch.hpp>

#include "lsp/json_rpc.h"

using namespace forklift::lsp;

TEST_CASE("messages are classified by the fields JSON-RPC requires", "[lsp][jsonrpc]") {
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","id":1,"method":"m"})")) == MessageKind::Request);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","id":"x","method":"m","params":{}})")) == MessageKind::Request);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","method":"m"})")) == MessageKind::Notification);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","id":1,"result":null})")) == MessageKind::Response);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":1,"message":""}})")) ==
        MessageKind::Response);
  CHECK(classify_message(json::parse(R"({"id":1,"method":"m"})")) == MessageKind::Invalid);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","id":1.5,"method":"m"})")) == MessageKind::Invalid);
  CHECK(classify_message(json::parse(R"({"jsonrpc":"2.0","method":7})")) == MessageKind::Invalid);
  CHECK(classify_message(json::parse(R"([1,2])")) == MessageKind::Invalid);
  CHECK(classify_message(json::parse(R"({"jsonrpc":2,"method":"m"})")) == MessageKind::Invalid);
}

TEST_CASE("a body that is not JSON does not parse", "[lsp][jsonrpc]") {
  CHECK_FALSE(parse_message("{\"a\":").has_value());
  CHECK(parse_message(R"({"a":1})").value()["a"] == 1);
}

TEST_CASE("a member the receiver never reads is checked but not built", "[lsp][jsonrpc]") {
  constexpr std::string_view unread[] = {"params", "context", "diagnostics"};
  auto parsed = parse_message(
      R"({"id":1,"params":{"context":{"diagnostics":[{"range":{"a":[1,{"b":2}]},"message":"m"}],"only":["quickfix"]},)"
      R"("range":{"start":0},"diagnostics":[3]},"context":{"diagnostics":4}})",
      unread);
  REQUIRE(parsed.has_value());
  CHECK(*parsed == json::parse(R"({"id":1,"params":{"context":{"only":["quickfix"]},"range":{"start":0},)"
                               R"("diagnostics":[3]},"context":{"diagnostics":4}})"));
  // Last in its object, first, or a scalar: the siblings stay.
  CHECK(parse_message(R"({"params":{"context":{"only":1,"diagnostics":{"x":[]}},"z":2}})", unread) ==
        json::parse(R"({"params":{"context":{"only":1},"z":2}})"));
  CHECK(parse_message(R"({"params":{"context":{"diagnostics":null}}})", unread) ==
        json::parse(R"({"params":{"context":{}}})"));
  CHECK_FALSE(parse_message(R"({"params":{"context":{"diagnostics":[1,}}})", unread).has_value());
}

TEST_CASE("responses echo the id and carry a result or an error", "[lsp][jsonrpc]") {
  CHECK(make_result_response("abc", 5) == json::parse(R"({"jsonrpc":"2.0","id":"abc","result":5})"));
  CHECK(make_error_response(3, {ErrorCode::MethodNotFound, "no"}) ==
        json::parse(R"({"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}})"));
  CHECK(make_notification("n", {{"x", 1}}) == json::parse(R"({"jsonrpc":"2.0","method":"n","params":{"x":1}})"));
}
