// The editor's diagnostics after each edit are exactly what `forklift lint`
// (lint_source) reports on the same text: incremental parsing, the exact
// parser first and the shared lint_parsed() steps change nothing. And over a
// tree of nested forklift.toml files, the server reports for each open file
// what the built `forklift lint` binary reports for it.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>

#include <nlohmann/json.hpp>

#include "lsp/diagnostic_conversion.h"
#include "lsp/feature_server.h"
#include "rules/linter.h"
#include "tests/support/run_forklift.h"
#include "tests/support/scratch_dir.h"

using namespace forklift::lsp;
using forklift::test::ScratchDir;

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

namespace {

// "FILE:LINE:COLUMN CODE" per finding (1-based, as `forklift lint` prints them).
using Findings = std::multiset<std::string>;

Findings lint_binary(const ScratchDir& dir, const std::vector<std::string>& files, std::vector<std::string> flags) {
  std::vector<std::string> args{"lint", "--output-format", "json"};
  args.insert(args.end(), flags.begin(), flags.end());
  for (const std::string& file : files) args.push_back(dir / file);
  forklift::test::RunResult run = forklift::test::run_forklift(args, "", dir.path());
  INFO(run.err);
  REQUIRE((run.status == 0 || run.status == 1));
  Findings findings;
  for (const auto& finding : nlohmann::json::parse(run.out)) {
    findings.insert(finding["filename"].get<std::string>() + ":" + std::to_string(finding["location"]["row"].get<int>()) +
                    ":" + std::to_string(finding["location"]["column"].get<int>()) + " " +
                    finding["code"].get<std::string>());
  }
  return findings;
}

// Opens every file in one server and collects what it publishes (version 1 of each).
Findings lint_server(const ScratchDir& dir, const std::vector<std::string>& files, const ServerConfig& config) {
  std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, std::vector<Diagnostic>> published;
  FeatureServer features([&](const PublishDiagnosticsParams& params) {
    std::lock_guard lock(mutex);
    published[params.uri] = params.diagnostics;
    changed.notify_all();
  });
  features.configure(config);
  for (const std::string& file : files) {
    std::ifstream in(dir / file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    features.did_open({"file://" + dir / file, "sh", 1, text});
  }
  std::unique_lock lock(mutex);
  REQUIRE(changed.wait_for(lock, std::chrono::seconds(30), [&] { return published.size() == files.size(); }));
  lock.unlock();
  features.stop();
  Findings findings;
  for (const auto& [uri, diagnostics] : published) {
    for (const Diagnostic& d : diagnostics) {
      findings.insert(uri.substr(std::string("file://").size()) + ":" + std::to_string(d.range.start.line + 1) + ":" +
                      std::to_string(d.range.start.character + 1) + " " + d.code);
    }
  }
  return findings;
}

std::string listed(const Findings& findings) {
  std::string out;
  for (const std::string& finding : findings) out += finding + "\n";
  return out;
}

const std::string kExprScript =
    "#!/bin/bash\n"
    "i=0\n"
    "while [ $i -lt 3 ]; do\n"
    "  i=`expr $i + 1`\n"
    "  name=$(basename \"$0\")\n"
    "done\n";

}  // namespace

TEST_CASE("over nested forklift.toml files the server reports what forklift lint reports", "[lsp][config]") {
  ScratchDir dir;
  dir.write("forklift.toml", "select = [\"FL101\"]\nper-file-ignores = {\"a.sh\" = [\"FL1\"]}\n");
  dir.write("sub/forklift.toml", "ignore = [\"FL101\"]\n");
  dir.write("a.sh", "#!/bin/sh\nx=$(expr 1 + 2)\n");
  dir.write("sub/b.sh", "#!/bin/sh\ny=$(expr 3 + 4)\n");
  const std::vector<std::string> files{"a.sh", "sub/b.sh"};
  // Neither file has a finding: a.sh's per-file ignore outranks the select,
  // and sub/b.sh is under sub/forklift.toml alone.
  CHECK(listed(lint_binary(dir, files, {})).empty());
  CHECK(listed(lint_server(dir, files, ServerConfig{})) == listed(lint_binary(dir, files, {})));
}

TEST_CASE("the server and forklift lint agree on every kind of setting, with and without overrides", "[lsp][config]") {
  ScratchDir dir;
  dir.write("forklift.toml",
            "select = [\"FL1\", \"FL3\"]\nignore = [\"FL107\"]\n"
            "[per-file-ignores]\n\"legacy/**\" = [\"FL101\"]\n\"*.bash\" = [\"FL3\"]\n");
  dir.write("legacy/old.sh", kExprScript);
  dir.write("src/new.sh", kExprScript);
  dir.write("src/tool.bash", kExprScript);
  dir.write("ksh/.forklift.toml", "shell = \"sh\"\nextend-select = [\"FL2\"]\n");
  dir.write("ksh/script.ksh", "x=$(( 1 + 2 ))\n" + kExprScript.substr(kExprScript.find('\n') + 1));
  dir.write("ksh/deep/er/leaf.sh", kExprScript);
  const std::vector<std::string> files{"legacy/old.sh", "src/new.sh", "src/tool.bash", "ksh/script.ksh",
                                       "ksh/deep/er/leaf.sh"};
  Findings plain = lint_binary(dir, files, {});
  CHECK(plain.size() >= 5);  // the tree is not vacuous: findings come from several configs
  CHECK(listed(lint_server(dir, files, ServerConfig{})) == listed(plain));

  ServerConfig overridden;
  overridden.overrides.ignore = {"FL301"};
  overridden.overrides.extend_select = {"FL201"};
  overridden.overrides.shell = forklift::Dialect::Ksh;
  Findings flagged = lint_binary(dir, files, {"--ignore", "FL301", "--extend-select", "FL201", "--shell", "ksh"});
  CHECK(flagged != plain);
  CHECK(listed(lint_server(dir, files, overridden)) == listed(flagged));

  ServerConfig selected;
  selected.overrides.select = std::vector<std::string>{"FL2", "FL3"};
  CHECK(listed(lint_server(dir, files, selected)) == listed(lint_binary(dir, files, {"--select", "FL2,FL3"})));
}
