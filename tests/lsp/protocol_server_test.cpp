// The protocol layer against a recording stand-in for the features: lifecycle,
// errors, decoding, cancellation and configuration, without any analysis.
#include <catch2/catch.hpp>

#include "tests/lsp/scripted_session.h"

using namespace forklift::lsp;
using namespace forklift::lsp::test;

namespace {

class RecordingFeatures : public LanguageFeatures {
 public:
  void set_position_encoding(PositionEncoding e) override { encoding = e; }
  void set_related_information_support(bool) override {}
  void set_code_action_resolve_support(bool supported) override { resolve_support = supported; }
  void configure(const ServerConfig& c) override {
    config = c;
    ++configure_calls;
  }
  void did_open(const DidOpenTextDocumentParams& p) override { calls.push_back("open " + p.uri); }
  void did_change(const DidChangeTextDocumentParams& p) override {
    calls.push_back("change " + p.uri + " v" + std::to_string(p.version));
  }
  void did_close(const DidCloseTextDocumentParams& p) override { calls.push_back("close " + p.uri); }
  std::vector<SharedCodeAction> code_actions(const CodeActionParams& p) override {
    calls.push_back("codeAction " + p.text_document.uri);
    return {std::make_shared<CodeAction>(CodeAction{"title", kQuickFixKind, {}, true, {}, std::nullopt})};
  }
  std::optional<WorkspaceEdit> resolve_fix_all(const CodeActionData& d) override {
    calls.push_back("resolve " + d.uri + " v" + std::to_string(d.version));
    if (d.version != 3) return std::nullopt;
    WorkspaceEdit edit;
    edit.changes[d.uri] = {TextEdit{Range{{0, 0}, {0, 1}}, "y"}};
    return edit;
  }
  std::optional<Hover> hover(const TextDocumentPositionParams& p) override {
    calls.push_back("hover " + std::to_string(p.position.line));
    if (p.position.line > 0) return std::nullopt;
    return Hover{"**text**", Range{{0, 0}, {0, 4}}};
  }
  std::vector<DocumentSymbol> document_symbols(const TextDocumentIdentifier&) override {
    return {DocumentSymbol{"f", "function", SymbolKind::Function, {}, {}}};
  }
  std::vector<Location> definition(const TextDocumentPositionParams&) override { return {}; }
  std::vector<Location> references(const ReferenceParams& p) override {
    calls.push_back(p.include_declaration ? "references+decl" : "references");
    return {};
  }
  std::vector<TextEdit> formatting(const DocumentFormattingParams& p) override {
    calls.push_back("formatting " + p.text_document.uri + " " + std::to_string(p.options.tab_size));
    return {};
  }
  void stop() override { ++stop_calls; }

  PositionEncoding encoding = PositionEncoding::Utf8;
  bool resolve_support = false;
  ServerConfig config;
  int configure_calls = 0;
  int stop_calls = 0;
  std::vector<std::string> calls;
};

std::string shutdown_and_exit() { return frame(request(99, "shutdown", nullptr)) + frame(notification("exit")); }

int error_code(const json* response) {
  REQUIRE(response != nullptr);
  REQUIRE(response->contains("error"));
  return (*response)["error"]["code"].get<int>();
}

}  // namespace

TEST_CASE("initialize, shutdown and exit: capabilities and a clean status 0", "[lsp][protocol]") {
  RecordingFeatures features;
  auto outcome = run_scripted_session(initialize_handshake() + shutdown_and_exit(), features);
  CHECK(outcome.status == 0);
  const json* init = find_response(outcome.sent, 0);
  REQUIRE(init != nullptr);
  const json& caps = (*init)["result"]["capabilities"];
  CHECK(caps["positionEncoding"] == "utf-16");
  CHECK(caps["textDocumentSync"]["change"] == 2);
  CHECK(caps["codeActionProvider"]["codeActionKinds"] == json::array({"quickfix", "source.fixAll.forklift"}));
  CHECK(caps["hoverProvider"] == true);
  CHECK((*init)["result"]["serverInfo"]["name"] == "forklift");
  CHECK(features.encoding == PositionEncoding::Utf16);
  CHECK(features.configure_calls == 1);
  CHECK(find_response(outcome.sent, 99)->at("result").is_null());
  CHECK(features.stop_calls >= 1);
}

TEST_CASE("UTF-8 positions are negotiated when the client offers them", "[lsp][protocol]") {
  RecordingFeatures features;
  json caps = {{"general", {{"positionEncodings", {"utf-8", "utf-16"}}}}};
  auto outcome = run_scripted_session(initialize_handshake(caps) + shutdown_and_exit(), features);
  CHECK(find_response(outcome.sent, 0)->at("result")["capabilities"]["positionEncoding"] == "utf-8");
  CHECK(features.encoding == PositionEncoding::Utf8);
}

TEST_CASE("codeAction/resolve: offered, negotiated, and the edit filled in while the version holds", "[lsp][protocol]") {
  RecordingFeatures features;
  json caps = {{"textDocument", {{"codeAction", {{"resolveSupport", {{"properties", {"edit"}}}}}}}}};
  json fix_all = {{"title", "Fix all forklift findings"},
                  {"kind", "source.fixAll.forklift"},
                  {"data", {{"uri", "file:///a.sh"}, {"version", 3}}}};
  json stale = fix_all;
  stale["data"]["version"] = 2;
  auto outcome = run_scripted_session(initialize_handshake(caps) + frame(request(1, "codeAction/resolve", fix_all)) +
                                          frame(request(2, "codeAction/resolve", stale)) + shutdown_and_exit(),
                                      features);
  CHECK(find_response(outcome.sent, 0)->at("result")["capabilities"]["codeActionProvider"]["resolveProvider"] == true);
  CHECK(features.resolve_support);
  const json& resolved = find_response(outcome.sent, 1)->at("result");
  CHECK(resolved["title"] == "Fix all forklift findings");
  CHECK(resolved["edit"]["changes"]["file:///a.sh"][0]["newText"] == "y");
  CHECK_FALSE(find_response(outcome.sent, 2)->at("result").contains("edit"));
  CHECK(features.calls == std::vector<std::string>{"resolve file:///a.sh v3", "resolve file:///a.sh v2"});
}

TEST_CASE("a client without resolveSupport for edit is not sent deferred edits", "[lsp][protocol]") {
  RecordingFeatures features;
  json caps = {{"textDocument", {{"codeAction", {{"resolveSupport", {{"properties", {"command"}}}}}}}}};
  run_scripted_session(initialize_handshake(caps) + shutdown_and_exit(), features);
  CHECK_FALSE(features.resolve_support);
}

TEST_CASE("exit without shutdown, or the end of input, ends the server with status 1", "[lsp][protocol]") {
  RecordingFeatures features;
  CHECK(run_scripted_session(initialize_handshake() + frame(notification("exit")), features).status == 1);
  auto eof = run_scripted_session(initialize_handshake(), features);
  CHECK(eof.status == 1);
  CHECK(eof.log.back() == "input ended without shutdown and exit; stopping");
  CHECK(run_scripted_session("", features).status == 1);
  CHECK(run_scripted_session("Content-Length: 100\r\n\r\n{\"trunc", features).status == 1);
}

TEST_CASE("requests before initialize get ServerNotInitialized, notifications are dropped", "[lsp][protocol]") {
  RecordingFeatures features;
  std::string input = frame(request(1, "textDocument/hover", {})) +
                      frame(notification("textDocument/didOpen", {{"textDocument", {}}})) + initialize_handshake() +
                      frame(request(2, "initialize", {{"capabilities", json::object()}})) + shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  CHECK(error_code(find_response(outcome.sent, 1)) == -32002);
  CHECK(features.calls.empty());
  CHECK(error_code(find_response(outcome.sent, 2)) == -32600);  // initialize twice
}

TEST_CASE("after shutdown, requests are invalid and notifications ignored", "[lsp][protocol]") {
  RecordingFeatures features;
  std::string input = initialize_handshake() + frame(request(1, "shutdown", nullptr)) +
                      frame(request(2, "textDocument/hover", {})) +
                      frame(notification("textDocument/didClose", {{"textDocument", {{"uri", "u"}}}})) +
                      frame(notification("exit"));
  auto outcome = run_scripted_session(input, features);
  CHECK(outcome.status == 0);
  CHECK(error_code(find_response(outcome.sent, 2)) == -32600);
  CHECK(features.calls.empty());
}

TEST_CASE("malformed JSON gets ParseError, invalid messages InvalidRequest, unknown methods MethodNotFound",
          "[lsp][protocol]") {
  RecordingFeatures features;
  std::string input = initialize_handshake() + frame_message("{\"jsonrpc\": \"2.0\", \"id\": 5, ") +
                      frame_message(R"({"jsonrpc":"1.0","id":6,"method":"x"})") + frame_message("[]") +
                      frame(request(7, "textDocument/semanticTokens/full", {})) +
                      frame(notification("$/setTrace", {{"value", "off"}})) +
                      frame(notification("workspace/unknownThing")) + "Content-Length: x\r\n\r\n" +
                      shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  CHECK(outcome.status == 0);
  std::vector<int> null_id_errors;
  for (const json& m : outcome.sent) {
    if (m.contains("error") && m["id"].is_null()) null_id_errors.push_back(m["error"]["code"].get<int>());
  }
  CHECK(null_id_errors == std::vector<int>{-32700, -32600});
  CHECK(error_code(find_response(outcome.sent, 6)) == -32600);
  CHECK(error_code(find_response(outcome.sent, 7)) == -32601);
  CHECK(outcome.log == std::vector<std::string>{"dropped unreadable input: invalid Content-Length `x`"});
}

TEST_CASE("parameters of the wrong shape get InvalidParams and the server goes on", "[lsp][protocol]") {
  RecordingFeatures features;
  std::string input = initialize_handshake() + frame(request(1, "textDocument/hover", {{"textDocument", 3}})) +
                      frame(notification("textDocument/didChange", {{"textDocument", "x"}})) +
                      frame(request(2, "textDocument/hover",
                                    {{"textDocument", {{"uri", "file:///a"}}}, {"position", {{"line", 0}, {"character", 1}}}})) +
                      shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  CHECK(error_code(find_response(outcome.sent, 1)) == -32602);
  const json* hover = find_response(outcome.sent, 2);
  REQUIRE(hover != nullptr);
  CHECK(hover->at("result")["contents"] == json{{"kind", "markdown"}, {"value", "**text**"}});
  CHECK(outcome.log.size() == 1);  // the broken didChange
}

TEST_CASE("typed parameters reach the features and results come back as JSON", "[lsp][protocol]") {
  RecordingFeatures features;
  json doc = {{"uri", "file:///a.sh"}, {"languageId", "sh"}, {"version", 1}, {"text", "echo"}};
  json range = {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 1}}}};
  std::string input =
      initialize_handshake() + frame(notification("textDocument/didOpen", {{"textDocument", doc}})) +
      frame(notification("textDocument/didChange",
                         {{"textDocument", {{"uri", "file:///a.sh"}, {"version", 2}}},
                          {"contentChanges", {{{"range", range}, {"text", "E"}}}}})) +
      frame(request(1, "textDocument/codeAction",
                    {{"textDocument", {{"uri", "file:///a.sh"}}}, {"range", range}, {"context", {{"diagnostics", json::array()}}}})) +
      frame(request(2, "textDocument/hover",
                    {{"textDocument", {{"uri", "file:///a.sh"}}}, {"position", {{"line", 3}, {"character", 0}}}})) +
      frame(request(3, "textDocument/documentSymbol", {{"textDocument", {{"uri", "file:///a.sh"}}}})) +
      frame(request(4, "textDocument/references",
                    {{"textDocument", {{"uri", "file:///a.sh"}}},
                     {"position", {{"line", 0}, {"character", 0}}},
                     {"context", {{"includeDeclaration", false}}}})) +
      frame(notification("textDocument/didClose", {{"textDocument", {{"uri", "file:///a.sh"}}}})) + shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  CHECK(features.calls == std::vector<std::string>{"open file:///a.sh", "change file:///a.sh v2", "codeAction file:///a.sh",
                                                   "hover 3", "references", "close file:///a.sh"});
  CHECK(find_response(outcome.sent, 1)->at("result")[0]["isPreferred"] == true);
  CHECK(find_response(outcome.sent, 2)->at("result").is_null());
  CHECK(find_response(outcome.sent, 3)->at("result")[0]["kind"] == 12);
  CHECK(find_response(outcome.sent, 4)->at("result") == json::array());
}

TEST_CASE("a request cancelled while it waits is answered with RequestCancelled", "[lsp][protocol]") {
  RecordingFeatures features;
  json hover_params = {{"textDocument", {{"uri", "file:///a"}}}, {"position", {{"line", 0}, {"character", 0}}}};
  // The whole script is read ahead of handling, so the cancellation arrives
  // while request 1 waits in the queue; request 2's cancellation names an
  // id that is not waiting and changes nothing.
  std::string input = initialize_handshake() + frame(request(1, "textDocument/hover", hover_params)) +
                      frame(notification("$/cancelRequest", {{"id", 1}})) +
                      frame(notification("$/cancelRequest", {{"id", 42}})) +
                      frame(request(2, "textDocument/hover", hover_params)) + shutdown_and_exit();
  // The reader may or may not be ahead of the handler; both outcomes are
  // correct, so accept either for request 1 but require a response.
  auto outcome = run_scripted_session(input, features);
  const json* first = find_response(outcome.sent, 1);
  REQUIRE(first != nullptr);
  if (first->contains("error")) CHECK(error_code(first) == -32800);
  CHECK(find_response(outcome.sent, 2)->contains("result"));
}

TEST_CASE("settings come from initializationOptions and from workspace/configuration", "[lsp][protocol]") {
  RecordingFeatures features;
  json caps = {{"workspace", {{"configuration", true}}}};
  std::string input = initialize_handshake(caps, {{"unsafeFixes", true}}) +
                      frame({{"jsonrpc", "2.0"}, {"id", "forklift-1"}, {"result", {{{"select", {"FL1"}}}}}}) +
                      shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  bool asked = false;
  for (const json& m : outcome.sent) {
    if (m.value("method", "") == "workspace/configuration") {
      asked = true;
      CHECK(m["id"] == "forklift-1");
      CHECK(m["params"]["items"][0]["section"] == "forklift");
    }
  }
  CHECK(asked);
  CHECK(features.configure_calls == 2);
  CHECK_FALSE(features.config.overrides.unsafe_fixes);  // the answer replaces the client layer
  CHECK(features.config.overrides.select == std::vector<std::string>{"FL1"});
}

TEST_CASE("pushed settings apply, bad settings are logged and ignored", "[lsp][protocol]") {
  RecordingFeatures features;
  std::string input = initialize_handshake(json::object(), {{"unsafeFixes", "yes"}}) +
                      frame(notification("workspace/didChangeConfiguration", {{"settings", {{"forklift", {{"ignore", {"FL2"}}}}}}})) +
                      shutdown_and_exit();
  auto outcome = run_scripted_session(input, features);
  CHECK(outcome.log == std::vector<std::string>{"ignored the client's settings: setting `unsafeFixes` has the wrong type"});
  CHECK(features.config.overrides.ignore == std::vector<std::string>{"FL2"});
}
