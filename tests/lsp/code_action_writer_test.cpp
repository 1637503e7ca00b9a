#include <catch2/catch.hpp>

#include "lsp/json_rpc.h"
#include "lsp/protocol/code_action_writer.h"
#include "lsp/protocol/json_writer.h"
#include "lsp/protocol_server.h"

using namespace forklift::lsp;

namespace {

// The earlier path: a JSON document of the actions, serialized.
json through_json_document(const std::vector<CodeAction>& actions) { return json::parse(serialize(json(actions))); }

std::string written(const std::vector<CodeAction>& actions) {
  std::vector<SharedCodeAction> shared;
  for (const CodeAction& action : actions) shared.push_back(std::make_shared<CodeAction>(action));
  return code_actions_json(shared);
}

Diagnostic shown_diagnostic() {
  Diagnostic d;
  d.range = {{36, 17}, {36, 36}};
  d.severity = DiagnosticSeverity::Hint;
  d.code = "FL201";
  d.source = "forklift";
  d.message = "Use `$( )` instead of backticks";
  return d;
}

CodeAction quick_fix() {
  CodeAction action;
  action.title = "Replace with `$(uname 2>/dev/null)`";
  action.kind = kQuickFixKind;
  action.diagnostics = {shown_diagnostic()};
  action.is_preferred = true;
  action.edit.changes["file:///a.sh"] = {{{{36, 17}, {36, 36}}, "$(uname 2>/dev/null)"}};
  return action;
}

CodeAction deferred_fix_all() {
  CodeAction action;
  action.title = "Fix all forklift findings";
  action.kind = kForkliftFixAllKind;
  action.resolve = CodeActionData{"file:///a.sh", 12};
  return action;
}

}  // namespace

TEST_CASE("the direct code action writer parses to the JSON document's result", "[lsp][code_action]") {
  CodeAction suppression;
  suppression.title = "Disable FL201 for this line";
  suppression.kind = kQuickFixKind;
  suppression.diagnostics = {shown_diagnostic()};
  suppression.edit.changes["file:///a.sh"] = {{{{36, 0}, {36, 0}}, "# forklift: disable=FL201\n"},
                                              {{{40, 2}, {40, 2}}, "x"}};
  std::vector<CodeAction> actions = {quick_fix(), suppression, deferred_fix_all()};
  json parsed = json::parse(written(actions));
  REQUIRE(parsed == through_json_document(actions));
  CHECK(parsed[2].contains("data"));
  CHECK_FALSE(parsed[2].contains("edit"));
  CHECK_FALSE(parsed[1].contains("isPreferred"));
}

TEST_CASE("the code action writer escapes edits like nlohmann and replaces invalid UTF-8", "[lsp][code_action]") {
  CodeAction action = quick_fix();
  action.title = "Quote \"$x\" \\ tab\t é \xff";
  action.edit.changes.clear();
  action.edit.changes["file:///d%20ir/\xc3\xa9.sh"] = {{{{0, 0}, {1, 0}}, "printf '%s\\n' \"$x\"\n\x01\xfe"}};
  action.edit.changes["file:///b.sh"] = {};
  std::vector<CodeAction> actions = {action};
  json parsed = json::parse(written(actions));
  REQUIRE(parsed == through_json_document(actions));
  CHECK(parsed[0]["title"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
}

TEST_CASE("no code actions are an empty array", "[lsp][code_action]") {
  REQUIRE(json::parse(written({})) == json::array());
}

TEST_CASE("strings are written byte for byte as nlohmann writes them", "[lsp][code_action]") {
  std::string every_ascii;
  for (int c = 1; c < 0x80; ++c) every_ascii += static_cast<char>(c);
  for (std::string text : {every_ascii, std::string("plain"), std::string(), std::string("q\"\\\n\x1f\x7f"),
                           std::string("\xc3\xa9 \"\xff\"")}) {
    std::string out;
    json_writer::append_string(out, text);
    CHECK(out == json(text).dump(-1, ' ', false, json::error_handler_t::replace));
  }
}
