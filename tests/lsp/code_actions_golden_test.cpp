// The code actions of a whole session, compared with the ones recorded in
// tests/lsp/golden/: a change to how they are computed or written must not
// change what the editor receives. Per line and over the whole document,
// for a client that resolves fix-all later and one that does not (with
// unsafe fixes), in UTF-16 and UTF-8 positions. FORKLIFT_UPDATE_GOLDEN=1 rewrites the expectation
// (review the diff by hand).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lsp/feature_server.h"
#include "tests/lsp/scripted_session.h"

using namespace forklift::lsp;
using namespace forklift::lsp::test;

namespace {

const std::string kGolden = FORKLIFT_SOURCE_DIR "/tests/lsp/golden/";
const std::string kUri = "file:///forklift-golden-no-config/code_actions.sh";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

json whole_document(int lines) { return {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", lines}, {"character", 0}}}}; }

json line_range(int line) { return {{"start", {{"line", line}, {"character", 0}}}, {"end", {{"line", line}, {"character", 1}}}}; }

// Every request's result, in order: each line's code actions, then the whole
// document's twice (the second is answered from what the first kept), then
// the fix-all action resolved.
json session_results(const std::string& text, json capabilities, const std::string& encoding, bool unsafe_fixes) {
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  json options = {{"docsUrl", "https://example.invalid/{code}"}, {"unsafeFixes", unsafe_fixes}};
  capabilities["general"] = {{"positionEncodings", {encoding}}};
  std::string input = initialize_handshake(capabilities, options);
  input += frame(notification("textDocument/didOpen",
                              {{"textDocument", {{"uri", kUri}, {"languageId", "sh"}, {"version", 1}, {"text", text}}}}));
  int id = 1;
  json context = {{"diagnostics", json::array()}};
  for (int line = 0; line < lines; ++line) {
    input += frame(request(id++, "textDocument/codeAction",
                           {{"textDocument", {{"uri", kUri}}}, {"range", line_range(line)}, {"context", context}}));
  }
  for (int again = 0; again < 2; ++again) {
    input += frame(request(id++, "textDocument/codeAction",
                           {{"textDocument", {{"uri", kUri}}}, {"range", whole_document(lines)}, {"context", context}}));
  }
  input += frame(request(id++, "codeAction/resolve",
                         {{"title", "Fix all forklift findings"}, {"kind", "source.fixAll.forklift"},
                          {"data", {{"uri", kUri}, {"version", 1}}}}));
  input += frame(request(id++, "shutdown")) + frame(notification("exit"));
  FeatureServer features([](const PublishDiagnosticsParams&) {});
  SessionOutcome outcome = run_scripted_session(input, features);
  json results = json::array();
  for (int i = 1; i < id - 1; ++i) {
    const json* response = find_response(outcome.sent, i);
    REQUIRE(response != nullptr);
    results.push_back(response->contains("result") ? response->at("result") : response->at("error"));
  }
  return results;
}

}  // namespace

TEST_CASE("code actions are those recorded, per line and over the whole document", "[lsp][code_action]") {
  std::string text = read_file(kGolden + "code_actions.sh");
  REQUIRE(!text.empty());
  json resolving = {{"textDocument", {{"codeAction", {{"resolveSupport", {{"properties", {"edit"}}}}}}}}};
  json recorded = {{"resolve-utf-16", session_results(text, resolving, "utf-16", false)},
                   {"edit-unsafe-utf-16", session_results(text, json::object(), "utf-16", true)},
                   {"resolve-utf-8", session_results(text, resolving, "utf-8", false)}};
  std::string expected_path = kGolden + "code_actions.json";
  if (std::getenv("FORKLIFT_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(expected_path, std::ios::binary) << recorded.dump(1) << '\n';
  }
  json expected = json::parse(read_file(expected_path));
  for (const auto& [session, results] : expected.items()) {
    INFO(session);
    REQUIRE(recorded[session].size() == results.size());
    for (size_t i = 0; i < results.size(); ++i) {
      INFO("request " << i + 1);
      CHECK(recorded[session][i] == results[i]);
    }
  }
}
