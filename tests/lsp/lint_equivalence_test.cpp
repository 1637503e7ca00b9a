// The editor's diagnostics after each edit are exactly what `forklift lint`
// (lint_source) reports on the same text: incremental parsing, the exact
// parser first and the shared lint_parsed() steps change nothing.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <mutex>

#include "lsp/diagnostic_conversion.h"
#include "lsp/feature_server.h"
#include "rules/linter.h"

using namespace forklift::lsp;

namespace {

const std::string kPath = "/w/edits.sh";
const std::string kUri = "file://" + kPath;

class Publications {
 public:
  DiagnosticsPublisher publisher() {
    return [this](const PublishDiagnosticsParams& params) {
      std::lock_guard lock(mutex_);
      if (params.version) by_version_[*params.version] = params.diagnostics;
      changed_.notify_all();
    };
  }
  std::vector<Diagnostic> wait_for(int64_t version) {
    std::unique_lock lock(mutex_);
    REQUIRE(changed_.wait_for(lock, std::chrono::seconds(30), [&] { return by_version_.contains(version); }));
    return by_version_.at(version);
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<int64_t, std::vector<Diagnostic>> by_version_;
};

// Line and character of a byte offset in ASCII text.
Position position_of(const std::string& text, size_t offset) {
  Position position{0, 0};
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++position.line;
      position.character = 0;
    } else {
      ++position.character;
    }
  }
  return position;
}

// What `forklift lint` reports on `text`, as the server would send it.
std::vector<Diagnostic> linted(const std::string& text) {
  forklift::SourceFile file(kPath, text);
  forklift::LintResult result = forklift::lint_source(file, {});
  std::vector<Diagnostic> expected;
  for (const auto& error : result.parse_errors) {
    expected.push_back(parse_error_diagnostic(error, file, PositionEncoding::Utf16));
  }
  for (const auto& diagnostic : result.diagnostics) {
    expected.push_back(to_lsp_diagnostic(diagnostic, file, PositionEncoding::Utf16, ServerConfig{}));
  }
  return expected;
}

std::string describe(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    out += std::to_string(d.range.start.line) + ":" + std::to_string(d.range.start.character) + "-" +
           std::to_string(d.range.end.line) + ":" + std::to_string(d.range.end.character) + " " +
           d.code + " " + d.message + "\n";
  }
  return out;
}

struct Replacement {
  std::string find;  // replaced at its first occurrence
  std::string with;
};

const std::string kScript =
    "#!/bin/bash\n"
    "count() {\n"
    "  local total=0\n"
    "  for f in \"$@\"; do\n"
    "    total=`expr $total + 1`\n"
    "    name=$(basename \"$f\")\n"
    "  done\n"
    "  echo \"$total\"\n"
    "}\n"
    "i=0\n"
    "while [ $i -lt 10 ]; do\n"
    "  i=$(expr $i + 1)\n"
    "  n=$(echo \"$i\" | wc -c)\n"
    "done\n"
    "count /a/b\n";

}  // namespace

TEST_CASE("diagnostics after every edit are those forklift lint reports on the text", "[lsp][features]") {
  const std::vector<Replacement> edits = {
      {"i=0\n", "i=$1\n"},                                    // i is no longer known to be an integer
      {"count /a/b\n", "count /a/b\ndir=$(dirname /x/y)\n"},  // a new finding at the end
      {"  done\n", "  done\n  if then\n"},                    // a syntax error: tree-sitter's recovery
      {"  if then\n", ""},                                    // repaired
      {"while [", "# forklift: disable=FL101\nwhile ["},        // a suppression comment
      {"count() {", "#!/bin/sh\ncount() {"},                  // lines shift everywhere below
      {"i=$1\n", "i=0\n"},
  };
  Publications published;
  FeatureServer features(published.publisher());
  ServerConfig config;
  config.debounce = std::chrono::milliseconds(0);
  features.configure(config);
  std::string text = kScript;
  features.did_open({kUri, "sh", 1, text});
  CHECK(describe(published.wait_for(1)) == describe(linted(text)));
  int64_t version = 1;
  for (const Replacement& edit : edits) {
    size_t at = text.find(edit.find);
    REQUIRE(at != std::string::npos);
    Range range{position_of(text, at), position_of(text, at + edit.find.size())};
    text.replace(at, edit.find.size(), edit.with);
    features.did_change({kUri, ++version, {{range, edit.with}}});
    INFO("after replacing `" << edit.find << "` by `" << edit.with << "`");
    CHECK(describe(published.wait_for(version)) == describe(linted(text)));
  }
  features.stop();
}
