// The features without JSON: typed calls on FeatureServer, diagnostics
// collected from its publisher.
#include <catch2/catch.hpp>

#include <condition_variable>
#include <mutex>

#include "lsp/feature_server.h"
#include "tests/lsp/text_edits.h"
#include "lsp/rule_docs_location.h"

using namespace forklift::lsp;
using forklift::lsp::test::apply_text_edits;

namespace {

const std::string kUri = "file:///w/loop.sh";

class PublishedDiagnostics {
 public:
  DiagnosticsPublisher publisher() {
    return [this](const PublishDiagnosticsParams& params) {
      std::lock_guard lock(mutex_);
      all_.push_back(params);
      changed_.notify_all();
    };
  }
  // The publication of `version` (nullopt version: the clearing one of didClose).
  PublishDiagnosticsParams wait_for(std::optional<int64_t> version) {
    std::unique_lock lock(mutex_);
    PublishDiagnosticsParams found;
    bool ok = changed_.wait_for(lock, std::chrono::seconds(30), [&] {
      for (const auto& p : all_) {
        if (p.version == version) {
          found = p;
          return true;
        }
      }
      return false;
    });
    REQUIRE(ok);
    return found;
  }
  std::vector<std::optional<int64_t>> versions() {
    std::lock_guard lock(mutex_);
    std::vector<std::optional<int64_t>> seen;
    for (const auto& p : all_) seen.push_back(p.version);
    return seen;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<PublishDiagnosticsParams> all_;
};

const std::string kLoop =
    "#!/bin/bash\n"
    "i=0\n"
    "while [ $i -lt 10 ]; do\n"
    "  i=`expr $i + 1`\n"
    "done\n";

const forklift::lsp::Diagnostic* find_code(const std::vector<forklift::lsp::Diagnostic>& diagnostics, const std::string& code) {
  for (const auto& d : diagnostics) {
    if (d.code == code) return &d;
  }
  return nullptr;
}

// The actions themselves (the server shares them with its cache).
std::vector<CodeAction> copied(const std::vector<SharedCodeAction>& actions) {
  std::vector<CodeAction> copies;
  for (const SharedCodeAction& action : actions) copies.push_back(*action);
  return copies;
}

std::vector<CodeAction> for_code(const std::vector<CodeAction>& actions, const std::string& code) {
  std::vector<CodeAction> kept;
  for (const auto& action : actions) {
    if (!action.diagnostics.empty() && action.diagnostics[0].code == code) kept.push_back(action);
  }
  return kept;
}

CodeActionParams actions_for(const Range& range, std::optional<std::vector<std::string>> only = std::nullopt) {
  return CodeActionParams{{kUri}, range, std::move(only)};
}

struct Fixture {
  explicit Fixture(std::string text, ServerConfig config = {}) : features(published.publisher()) {
    config.debounce = std::chrono::milliseconds(0);
    features.set_related_information_support(true);
    features.configure(config);
    features.did_open({kUri, "sh", 1, std::move(text)});
  }
  PublishedDiagnostics published;
  FeatureServer features;
};

}  // namespace

TEST_CASE("diagnostics are published with code, link, source and cost", "[lsp][features]") {
  Fixture f(kLoop);
  auto published = f.published.wait_for(1);
  CHECK(published.uri == kUri);
  const forklift::lsp::Diagnostic* expr = find_code(published.diagnostics, "FL101");
  REQUIRE(expr != nullptr);
  CHECK(expr->range.start == Position{3, 4});
  CHECK(expr->source == "forklift");
  CHECK(expr->code_description_href == forklift::lsp::default_docs_url("FL101"));
  CHECK(expr->message.find("inside a loop") != std::string::npos);
  REQUIRE(expr->related_information.size() == 1);
  CHECK(expr->related_information[0].location.range.start == Position{2, 0});
  CHECK(expr->related_information[0].message.rfind("inside this loop, which runs", 0) == 0);
  f.features.stop();
}

TEST_CASE("no relatedInformation for a client that does not declare it can show it", "[lsp][features]") {
  PublishedDiagnostics published;
  FeatureServer features(published.publisher());
  ServerConfig config;
  config.debounce = std::chrono::milliseconds(0);
  features.configure(config);
  features.did_open({kUri, "sh", 1, kLoop});
  auto params = published.wait_for(1);  // kept: `expr` points into it
  const forklift::lsp::Diagnostic* expr = find_code(params.diagnostics, "FL101");
  REQUIRE(expr != nullptr);
  CHECK(expr->related_information.empty());
  features.stop();
}

TEST_CASE("edits are applied incrementally and superseded versions never published last", "[lsp][features]") {
  Fixture f(kLoop);
  f.published.wait_for(1);
  for (int version = 2; version <= 6; ++version) {
    Position end{5, 0};
    f.features.did_change({kUri, version, {{Range{end, end}, "echo " + std::to_string(version) + "\n"}}});
  }
  auto last = f.published.wait_for(6);
  CHECK(find_code(last.diagnostics, "FL101") != nullptr);
  f.features.stop();
  auto versions = f.published.versions();
  CHECK(versions.back() == 6);
  CHECK(std::is_sorted(versions.begin(), versions.end()));
  auto symbols = f.features.document_symbols({kUri});
  REQUIRE_FALSE(symbols.empty());
}

TEST_CASE("closing a document clears its diagnostics", "[lsp][features]") {
  Fixture f(kLoop);
  f.published.wait_for(1);
  f.features.did_close({kUri});
  CHECK(f.published.wait_for(std::nullopt).diagnostics.empty());
  CHECK(f.features.hover({{kUri}, {3, 5}}) == std::nullopt);
  f.features.stop();
}

TEST_CASE("code actions: the quick fix, the suppression and fix-all", "[lsp][features]") {
  Fixture f(kLoop);
  f.features.stop();
  auto actions = for_code(copied(f.features.code_actions(actions_for(Range{{3, 4}, {3, 5}}))), "FL101");
  REQUIRE(actions.size() == 2);
  CHECK(actions[0].kind == "quickfix");
  CHECK(actions[0].is_preferred);
  CHECK(apply_text_edits(kLoop, json(actions[0].edit.changes.at(kUri))).find("expr") == std::string::npos);
  auto disable = std::find_if(actions.begin(), actions.end(), [](const CodeAction& a) { return a.title == "Disable FL101 for this line"; });
  REQUIRE(disable != actions.end());
  CHECK(apply_text_edits(kLoop, json(disable->edit.changes.at(kUri))).find("  i=`expr $i + 1`  # forklift: disable=FL101\n") !=
        std::string::npos);

  auto fix_all = copied(f.features.code_actions(actions_for(Range{{0, 0}, {0, 0}}, std::vector<std::string>{"source.fixAll"})));
  REQUIRE(fix_all.size() == 1);
  CHECK(fix_all[0].kind == "source.fixAll.forklift");
  std::string fixed = apply_text_edits(kLoop, json(fix_all[0].edit.changes.at(kUri)));
  CHECK(fixed.find("expr") == std::string::npos);
  CHECK(copied(f.features.code_actions(actions_for(Range{{1, 0}, {1, 1}}, std::vector<std::string>{"quickfix"}))).empty());
  // Without a filter, fix-all comes along (Neovim's code action menu asks so).
  auto unfiltered = copied(f.features.code_actions(actions_for(Range{{1, 0}, {1, 1}})));
  REQUIRE(unfiltered.size() == 1);
  CHECK(unfiltered[0].kind == "source.fixAll.forklift");
}

TEST_CASE("code actions: a client that resolves edits gets fix-all without one, then the edit on resolve",
          "[lsp][features]") {
  Fixture f(kLoop);
  f.features.stop();
  f.features.set_code_action_resolve_support(true);
  auto offered = copied(f.features.code_actions(actions_for(Range{{0, 0}, {0, 0}}, std::vector<std::string>{"source.fixAll"})));
  REQUIRE(offered.size() == 1);
  REQUIRE(offered[0].resolve);
  CHECK(offered[0].edit.changes.empty());
  CHECK(json(offered[0]).contains("data"));
  CHECK_FALSE(json(offered[0]).contains("edit"));
  auto edit = f.features.resolve_fix_all(*offered[0].resolve);
  REQUIRE(edit);
  CHECK(apply_text_edits(kLoop, json(edit->changes.at(kUri))).find("expr") == std::string::npos);
  // Once computed for this version, the edit comes with the action.
  auto again = copied(f.features.code_actions(actions_for(Range{{0, 0}, {0, 0}}, std::vector<std::string>{"source.fixAll"})));
  REQUIRE(again.size() == 1);
  CHECK_FALSE(again[0].resolve);
  CHECK(json(again[0].edit) == json(*edit));
  CodeActionData stale = *offered[0].resolve;
  stale.version += 1;
  CHECK_FALSE(f.features.resolve_fix_all(stale));
}

TEST_CASE("code actions after an edit are those of the new text, not of the version asked before", "[lsp][features]") {
  Fixture f(kLoop);
  f.features.stop();
  Range expr_line{{3, 4}, {3, 5}};
  REQUIRE(for_code(copied(f.features.code_actions(actions_for(expr_line))), "FL101").size() == 2);
  // A line above moves the finding down; a second `expr` adds one.
  f.features.did_change({kUri, 2, {{Range{{1, 0}, {1, 0}}, "# counting\n"}, {Range{{5, 0}, {5, 0}}, "n=`expr 2 + 3`\n"}}});
  const std::string changed =
      "#!/bin/bash\n"
      "# counting\n"
      "i=0\n"
      "while [ $i -lt 10 ]; do\n"
      "  i=`expr $i + 1`\n"
      "n=`expr 2 + 3`\n"
      "done\n";
  CHECK(for_code(copied(f.features.code_actions(actions_for(expr_line, std::vector<std::string>{"quickfix"}))), "FL101").empty());
  auto moved = for_code(copied(f.features.code_actions(actions_for(Range{{4, 4}, {4, 5}}))), "FL101");
  REQUIRE(moved.size() == 2);
  CHECK(apply_text_edits(changed, json(moved[0].edit.changes.at(kUri))) ==
        "#!/bin/bash\n# counting\ni=0\nwhile [ $i -lt 10 ]; do\n  i=$((i + 1))\nn=`expr 2 + 3`\ndone\n");
  auto added = for_code(copied(f.features.code_actions(actions_for(Range{{5, 3}, {5, 4}}))), "FL101");
  REQUIRE(added.size() == 2);
  CHECK(added[0].diagnostics[0].range.start.line == 5);
  auto fix_all = copied(f.features.code_actions(actions_for(Range{{0, 0}, {0, 0}}, std::vector<std::string>{"source.fixAll"})));
  REQUIRE(fix_all.size() == 1);
  CHECK(apply_text_edits(changed, json(fix_all[0].edit.changes.at(kUri))).find("expr") == std::string::npos);
}

TEST_CASE("a fix-all offered for an older version resolves to nothing, never to edits of other text",
          "[lsp][features]") {
  Fixture f(kLoop);
  f.features.stop();
  f.features.set_code_action_resolve_support(true);
  auto only_fix_all = actions_for(Range{{0, 0}, {0, 0}}, std::vector<std::string>{"source.fixAll"});
  auto offered = copied(f.features.code_actions(only_fix_all));
  REQUIRE(offered.size() == 1);
  REQUIRE(offered[0].resolve);
  REQUIRE(f.features.resolve_fix_all(*offered[0].resolve));  // computed and kept for version 1
  f.features.did_change({kUri, 2, {{Range{{1, 0}, {1, 0}}, "n=`expr 2 + 3`\n"}}});
  CHECK_FALSE(f.features.resolve_fix_all(*offered[0].resolve));
  auto current = copied(f.features.code_actions(only_fix_all));
  REQUIRE(current.size() == 1);
  REQUIRE(current[0].resolve);
  CHECK(current[0].resolve->version == 2);
  auto edit = f.features.resolve_fix_all(*current[0].resolve);
  REQUIRE(edit);
  std::string changed = kLoop;
  changed.insert(changed.find('\n') + 1, "n=`expr 2 + 3`\n");
  std::string fixed = apply_text_edits(changed, json(edit->changes.at(kUri)));
  CHECK(fixed.find("expr") == std::string::npos);
  CHECK(fixed.find("n=$((2 + 3))") != std::string::npos);
}

TEST_CASE("unsafe fixes are offered, labelled, only when the config allows them", "[lsp][features]") {
  // Two operands not known to be integers: no guard makes it safe.
  const std::string text = "#!/bin/bash\nn=`expr $1 + $2`\n";
  Range range{{1, 2}, {1, 3}};
  {
    Fixture f(text);
    f.features.stop();
    auto actions = for_code(copied(f.features.code_actions(actions_for(range))), "FL101");
    REQUIRE(actions.size() == 1);
    CHECK(actions[0].title == "Disable FL101 for this line");
  }
  ServerConfig config;
  config.overrides.unsafe_fixes = true;
  Fixture f(text, config);
  f.features.stop();
  auto actions = for_code(copied(f.features.code_actions(actions_for(range))), "FL101");
  REQUIRE(actions.size() == 2);
  CHECK(actions[0].title.find("(unsafe: ") != std::string::npos);
  CHECK_FALSE(actions[0].is_preferred);
}

TEST_CASE("hover explains a diagnostic's rule, and what a command is", "[lsp][features]") {
  Fixture f("#!/bin/bash\nf() { echo hi; }\nf\nx=`expr 1 + 2`\nls /\n");
  f.features.stop();
  auto rule = f.features.hover({{kUri}, {3, 4}});
  REQUIRE(rule.has_value());
  CHECK(rule->markdown.find("**FL101** `expr-arithmetic`") == 0);
  CHECK(rule->markdown.find("## What it does") != std::string::npos);
  auto function = f.features.hover({{kUri}, {2, 0}});
  REQUIRE(function.has_value());
  CHECK(function->markdown.find("a function of this file, defined on line 2") != std::string::npos);
  auto builtin = f.features.hover({{kUri}, {1, 7}});
  REQUIRE(builtin.has_value());
  CHECK(builtin->markdown.find("a builtin of bash") != std::string::npos);
  auto external = f.features.hover({{kUri}, {4, 1}});
  REQUIRE(external.has_value());
  CHECK(external->markdown.find("an external program") != std::string::npos);
  CHECK(external->range == Range{{4, 0}, {4, 2}});
}

TEST_CASE("symbols, definitions and references of functions and variables", "[lsp][features]") {
  Fixture f("#!/bin/bash\ncount=0\nbump() {\n  count=$((count + 1))\n}\nbump\nbump\necho \"$count\"\n");
  f.features.stop();
  auto symbols = f.features.document_symbols({kUri});
  REQUIRE(symbols.size() == 2);
  CHECK(symbols[0].name == "count");
  CHECK(symbols[0].kind == SymbolKind::Variable);
  CHECK(symbols[1].name == "bump");
  CHECK(symbols[1].selection_range == Range{{2, 0}, {2, 4}});

  auto definition = f.features.definition({{kUri}, {5, 1}});
  REQUIRE(definition.size() == 1);
  CHECK(definition[0].range == Range{{2, 0}, {2, 4}});
  auto calls = f.features.references({{{kUri}, {2, 1}}, false});
  CHECK(calls.size() == 2);

  auto variable = f.features.definition({{kUri}, {7, 8}});
  REQUIRE(variable.size() == 2);
  CHECK(variable[0].range == Range{{1, 0}, {1, 5}});
  auto uses = f.features.references({{{kUri}, {1, 0}}, true});
  CHECK(uses.size() == 4);  // two definitions, two expansions
}

TEST_CASE("UTF-8 positions when negotiated", "[lsp][features]") {
  PublishedDiagnostics published;
  FeatureServer features(published.publisher());
  features.set_position_encoding(PositionEncoding::Utf8);
  ServerConfig config;
  config.debounce = std::chrono::milliseconds(0);
  features.configure(config);
  features.did_open({kUri, "sh", 1, "#!/bin/bash\necho \"é\"; x=`expr 1 + 2`\n"});
  auto diagnostics = published.wait_for(1).diagnostics;
  const forklift::lsp::Diagnostic* expr = find_code(diagnostics, "FL101");
  REQUIRE(expr != nullptr);
  CHECK(expr->range.start == Position{1, 13});
  CHECK(expr->message.ends_with("(1 fork each time it runs)"));
  features.stop();
}

TEST_CASE("a document that does not parse still gets diagnostics and no fix near the error", "[lsp][features]") {
  Fixture f("#!/bin/bash\nif then\nx=`expr 1 + 2`\n");
  auto published = f.published.wait_for(1);
  CHECK_FALSE(published.diagnostics.empty());
  CHECK(published.diagnostics[0].severity == DiagnosticSeverity::Error);
  f.features.stop();
  for (const auto& action : copied(f.features.code_actions(actions_for(Range{{2, 4}, {2, 5}})))) {
    CHECK(action.title.rfind("Disable", 0) == 0);
  }
}

TEST_CASE("a document above the size limit is not analyzed, and says so", "[lsp][features]") {
  std::string huge(FeatureServer::kMaxDocumentBytes + 1, '#');
  Fixture f(huge);
  auto published = f.published.wait_for(1);
  REQUIRE(published.diagnostics.size() == 1);
  CHECK(published.diagnostics[0].message.find("not analyzed: the document is") == 0);
  CHECK_FALSE(f.features.hover({{kUri}, {0, 0}}).has_value());
  f.features.stop();
}

namespace {

// The text after applying the "Disable FL101 for this line" action on `line`,
// or nullopt when none is offered.
std::optional<std::string> disable_fl101(const std::string& text, uint32_t line) {
  Fixture f(text);
  f.features.stop();
  for (const auto& action : for_code(copied(f.features.code_actions(actions_for(Range{{line, 0}, {line, 200}}))), "FL101")) {
    if (action.title == "Disable FL101 for this line") return apply_text_edits(text, json(action.edit.changes.at(kUri)));
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("the suppression comment goes where it covers the line and breaks nothing", "[lsp][features]") {
  CHECK(disable_fl101("x=`expr 1 + 2`  # forklift: disable=FL201\n", 0) ==
        "x=`expr 1 + 2`  # forklift: disable=FL201,FL101\n");
  CHECK(disable_fl101("x=$(expr 1 + \\\n  2)\n", 0) == "# forklift: disable=FL101\nx=$(expr 1 + \\\n  2)\n");
  CHECK(disable_fl101("if true; then\n  x=$(expr 1 + 2) # note\nfi\n", 1) ==
        "if true; then\n  # forklift: disable=FL101\n  x=$(expr 1 + 2) # note\nfi\n");
  CHECK(disable_fl101("echo hi; x=$(expr 1 + 2) # note\n", 0) == std::nullopt);
}

TEST_CASE("an applied suppression silences the diagnostic", "[lsp][features]") {
  const std::string text = "#!/bin/bash\nfor f in a b; do\n  n=$(expr 1 + 2) # note\ndone\n";
  auto suppressed = disable_fl101(text, 2);
  REQUIRE(suppressed.has_value());
  Fixture f(text);
  f.published.wait_for(1);
  f.features.did_change({kUri, 2, {{std::nullopt, *suppressed}}});
  auto after = f.published.wait_for(2);
  CHECK(find_code(after.diagnostics, "FL101") == nullptr);
  f.features.stop();
}
