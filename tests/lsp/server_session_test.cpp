// The real `forklift lsp` through a whole editor session over pipes.
#include <catch2/catch.hpp>

#include "tests/lsp/server_process.h"
#include "tests/lsp/text_edits.h"
#include "lsp/rule_docs_location.h"

using namespace forklift::lsp::test;

namespace {

const std::string kUri = "file:///tmp/forklift-lsp-session/count.sh";

// `expr` in a loop: FL101 with a safe fix (i is provably an integer).
const std::string kScript =
    "#!/bin/bash\n"
    "greet() {\n"
    "  echo \"hello $1\"\n"
    "}\n"
    "i=0\n"
    "while [ $i -lt 10 ]; do\n"
    "  i=`expr $i + 1`\n"
    "done\n"
    "greet world\n";

json position(int line, int character) { return {{"line", line}, {"character", character}}; }
json text_document() { return {{"uri", kUri}}; }

void initialize(ServerProcess& server) {
  json params = {{"processId", nullptr},
                 {"rootUri", nullptr},
                 {"capabilities", {{"general", {{"positionEncodings", {"utf-16"}}}}}}};
  json init = server.response(server.request("initialize", params));
  REQUIRE(init["result"]["capabilities"]["positionEncoding"] == "utf-16");
  server.notify("initialized", json::object());
}

void open(ServerProcess& server, const std::string& text) {
  server.notify("textDocument/didOpen",
                {{"textDocument", {{"uri", kUri}, {"languageId", "sh"}, {"version", 1}, {"text", text}}}});
}

const json* find_code(const json& diagnostics, const std::string& code) {
  for (const json& d : diagnostics) {
    if (d.value("code", "") == code) return &d;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("a whole session: diagnostics, quick fix applied, hover, symbols, shutdown", "[lsp][session]") {
  ServerProcess server;
  initialize(server);
  open(server, kScript);

  json published = server.diagnostics(kUri, 1);
  const json* expr = find_code(published["params"]["diagnostics"], "FL101");
  REQUIRE(expr != nullptr);
  CHECK((*expr)["source"] == "forklift");
  CHECK((*expr)["range"]["start"]["line"] == 6);
  // From the build folder the link is the checkout's page (the packaging test checks the installed one).
  std::string href = expr->contains("codeDescription") ? (*expr)["codeDescription"]["href"].get<std::string>() : "";
  CHECK(href == forklift::lsp::default_docs_url("FL101"));
  CHECK((*expr)["message"].get<std::string>().find("inside a loop") != std::string::npos);

  json actions = server.response(server.request(
      "textDocument/codeAction",
      {{"textDocument", text_document()}, {"range", (*expr)["range"]}, {"context", {{"diagnostics", {*expr}}}}}));
  const json* fix = nullptr;
  bool offers_disable = false;
  for (const json& action : actions["result"]) {
    json diagnostics = action.value("diagnostics", json::array());
    bool for_expr = !diagnostics.empty() && diagnostics[0]["code"] == "FL101";
    if (for_expr && action["kind"] == "quickfix" && action.value("isPreferred", false)) fix = &action;
    if (action["title"] == "Disable FL101 for this line") offers_disable = true;
  }
  REQUIRE(fix != nullptr);
  CHECK(offers_disable);
  std::string fixed = apply_text_edits(kScript, (*fix)["edit"]["changes"][kUri]);
  CHECK(fixed.find("expr") == std::string::npos);

  server.notify("textDocument/didChange", {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                                           {"contentChanges", {{{"text", fixed}}}}});
  json after = server.diagnostics(kUri, 2);
  CHECK(find_code(after["params"]["diagnostics"], "FL101") == nullptr);

  // An incremental edit: append a line calling `basename`.
  json end = position(9, 0);
  server.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kUri}, {"version", 3}}},
                 {"contentChanges", {{{"range", {{"start", end}, {"end", end}}}, {"text", "basename /a/b\n"}}}}});
  server.diagnostics(kUri, 3);

  json hover_external = server.response(
      server.request("textDocument/hover", {{"textDocument", text_document()}, {"position", position(9, 2)}}));
  CHECK(hover_external["result"]["contents"]["value"].get<std::string>().find("external program") != std::string::npos);
  json hover_function = server.response(
      server.request("textDocument/hover", {{"textDocument", text_document()}, {"position", position(8, 1)}}));
  CHECK(hover_function["result"]["contents"]["value"].get<std::string>().find("defined on line 2") != std::string::npos);
  json hover_builtin = server.response(
      server.request("textDocument/hover", {{"textDocument", text_document()}, {"position", position(2, 3)}}));
  CHECK(hover_builtin["result"]["contents"]["value"].get<std::string>().find("builtin") != std::string::npos);

  json symbols = server.response(server.request("textDocument/documentSymbol", {{"textDocument", text_document()}}));
  std::vector<std::string> names;
  for (const json& s : symbols["result"]) names.push_back(s["name"].get<std::string>());
  CHECK(names == std::vector<std::string>{"greet", "i"});

  json definition = server.response(
      server.request("textDocument/definition", {{"textDocument", text_document()}, {"position", position(8, 2)}}));
  REQUIRE(definition["result"].size() == 1);
  CHECK(definition["result"][0]["range"]["start"] == position(1, 0));

  json references = server.response(server.request(
      "textDocument/references",
      {{"textDocument", text_document()}, {"position", position(4, 0)}, {"context", {{"includeDeclaration", true}}}}));
  CHECK(references["result"].size() >= 3);

  json shutdown = server.response(server.request("shutdown", nullptr));
  CHECK(shutdown["result"].is_null());
  server.notify("exit", nullptr);
  CHECK(server.wait_exit() == 0);
}

TEST_CASE("the server survives garbage, and ends when the client disappears", "[lsp][session]") {
  ServerProcess server;
  server.send_raw("Content-Length: 5\r\n\r\n{oops");
  json parse_error = server.wait_for([](const json& m) { return m.contains("error"); });
  CHECK(parse_error["error"]["code"] == -32700);
  json early = server.response(server.request("textDocument/hover", json::object()));
  CHECK(early["error"]["code"] == -32002);
  initialize(server);
  open(server, "echo ${unterminated\nif then fi (\n");
  json published = server.diagnostics(kUri, 1);
  CHECK_FALSE(published["params"]["diagnostics"].empty());
  server.close_stdin();
  CHECK(server.wait_exit() == 1);
}

TEST_CASE("a huge document is analyzed and edited without trouble", "[lsp][session]") {
  std::string text = "#!/bin/bash\n";
  for (int i = 0; i < 20000; ++i) text += "x=$(( x + " + std::to_string(i) + " )); y=`expr $x + 1`\n";
  ServerProcess server;
  initialize(server);
  open(server, text);
  json published = server.diagnostics(kUri, 1);
  CHECK(published["params"]["diagnostics"].size() >= 20000);
  json middle = position(10000, 0);
  server.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                 {"contentChanges", {{{"range", {{"start", middle}, {"end", position(10001, 0)}}}, {"text", ""}}}}});
  CHECK(server.diagnostics(kUri, 2)["params"]["diagnostics"].size() < published["params"]["diagnostics"].size());
  server.response(server.request("shutdown", nullptr));
  server.notify("exit", nullptr);
  CHECK(server.wait_exit() == 0);
}
