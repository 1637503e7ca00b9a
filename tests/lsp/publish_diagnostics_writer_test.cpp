#include <catch2/catch.hpp>

#include "lsp/json_rpc.h"
#include "lsp/protocol/publish_diagnostics_writer.h"
#include "lsp/protocol_server.h"

using namespace forklift::lsp;

namespace {

// The earlier path: a JSON document of the whole notification, serialized.
json through_json_document(const PublishDiagnosticsParams& params) {
  json document = params;
  return json::parse(serialize(make_notification("textDocument/publishDiagnostics", document)));
}

Diagnostic full_diagnostic() {
  Diagnostic d;
  d.range = {{3, 4}, {3, 19}};
  d.severity = DiagnosticSeverity::Information;
  d.code = "FL001";
  d.code_description_href = "https://example.org/rules/FL001";
  d.source = "forklift";
  d.message = "`expr` forks (20 forks each time it runs)";
  d.related_information = {{{"file:///a.sh", {{1, 0}, {1, 22}}}, "inside this loop, which runs 10 times"},
                           {{"file:///a.sh", {{0, 0}, {0, 9}}}, "inside this loop, which runs ~2 times (estimated)"}};
  return d;
}

}  // namespace

TEST_CASE("the direct publishDiagnostics writer parses to the JSON document's notification", "[lsp][diagnostics]") {
  PublishDiagnosticsParams params{"file:///a.sh", 7, {full_diagnostic()}};
  Diagnostic bare;
  bare.range = {{0, 0}, {0, 1}};
  bare.message = "syntax error";
  params.diagnostics.push_back(bare);
  std::string written = publish_diagnostics_notification(params);
  REQUIRE(json::parse(written) == through_json_document(params));
}

TEST_CASE("the direct writer escapes like nlohmann and replaces invalid UTF-8", "[lsp][diagnostics]") {
  Diagnostic d;
  d.message = "quote \" backslash \\ tab \t newline \n bell \x07 é \xff end";
  d.code = "FL0\"1";
  PublishDiagnosticsParams params{"file:///d%20ir/\xc3\xa9.sh", std::nullopt, {d}};
  std::string written = publish_diagnostics_notification(params);
  json parsed = json::parse(written);
  REQUIRE(parsed == through_json_document(params));
  CHECK(parsed["params"]["diagnostics"][0]["message"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
  CHECK_FALSE(parsed["params"].contains("version"));
}

TEST_CASE("an empty publication clears the document's diagnostics", "[lsp][diagnostics]") {
  PublishDiagnosticsParams params{"file:///a.sh", std::nullopt, {}};
  json parsed = json::parse(publish_diagnostics_notification(params));
  REQUIRE(parsed == through_json_document(params));
  CHECK(parsed["params"]["diagnostics"] == json::array());
}
