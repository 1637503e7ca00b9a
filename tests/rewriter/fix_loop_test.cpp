#include <catch2/catch.hpp>

#include <algorithm>

#include "rewriter/fix_loop.h"
#include "tests/rewriter/synthetic_fixes.h"

using forklift::Applicability;
using forklift::FixLoopOptions;
using forklift::LeftReason;
using forklift::LintResult;
using forklift::Linter;
using forklift::run_fix_loop;
using forklift::SourceFile;

namespace {

// A rule that rewrites every occurrence of a literal string.
struct TextRule {
  std::string code;
  std::string pattern;
  std::string replacement;
  Applicability applicability = Applicability::Safe;
};

// A stand-in for lint_source: text rules for findings, and a "parser" whose
// only syntax is balanced parentheses.
Linter text_linter(std::vector<TextRule> rules, int* passes = nullptr) {
  return [rules = std::move(rules), passes](const SourceFile& file) {
    if (passes) ++*passes;
    const std::string& text = file.text();
    LintResult out;
    std::vector<uint32_t> open;
    for (uint32_t i = 0; i < text.size(); ++i) {
      if (text[i] == '(') open.push_back(i);
      if (text[i] == ')' && open.empty()) out.parse_errors.push_back({i, "syntax error: `)' unexpected"});
      if (text[i] == ')' && !open.empty()) open.pop_back();
    }
    if (!open.empty()) out.parse_errors.push_back({file.size(), "syntax error: unexpected end of file"});
    for (const TextRule& rule : rules) {
      for (size_t at = text.find(rule.pattern); at != std::string::npos; at = text.find(rule.pattern, at + rule.pattern.size())) {
        auto begin = static_cast<uint32_t>(at);
        auto end = static_cast<uint32_t>(at + rule.pattern.size());
        out.diagnostics.push_back(
            forklift::test::diagnostic_with_fix(rule.code, {{begin, end, rule.replacement}}, rule.applicability));
      }
    }
    std::sort(out.diagnostics.begin(), out.diagnostics.end(),
              [](const auto& a, const auto& b) { return std::tie(a.begin, a.code) < std::tie(b.begin, b.code); });
    return out;
  };
}

int count_left(const forklift::FixLoopResult& r, const std::string& code, LeftReason reason) {
  return static_cast<int>(std::count_if(r.left.begin(), r.left.end(),
                                        [&](const auto& l) { return l.code == code && l.reason == reason; }));
}

}  // namespace

TEST_CASE("fixes that enable other fixes are applied over several rounds", "[rewriter]") {
  auto lint = text_linter({{"FL1", "aa", "b"}, {"FL2", "bb", "c"}});
  auto r = run_fix_loop(SourceFile("t.sh", "aaaa aa\n"), {}, lint);
  CHECK(r.text == "c b\n");
  // Round 1 takes the first and third "aa" (the second touches the first).
  CHECK(r.applied.at("FL1") == 3);
  CHECK(r.applied.at("FL2") == 1);
  CHECK(r.rounds == 3);
  CHECK_FALSE(r.failure);
  CHECK(r.left.empty());
}

TEST_CASE("fixing a fixed text changes nothing", "[rewriter]") {
  auto lint = text_linter({{"FL1", "aa", "b"}, {"FL2", "bb", "c"}});
  auto first = run_fix_loop(SourceFile("t.sh", "aaaa\r\naa"), {}, lint);
  auto second = run_fix_loop(SourceFile("t.sh", first.text), {}, lint);
  CHECK(first.text == "c\r\nb");
  CHECK(second.text == first.text);
  CHECK_FALSE(second.changed());
  CHECK(second.rounds == 0);
}

TEST_CASE("conflicting fixes are retried on the next round", "[rewriter]") {
  // FL1 and FL2 overlap on "xyz"; FL1 starts first; FL2 no longer matches after.
  auto lint = text_linter({{"FL1", "xy", "X"}, {"FL2", "yz", "Y"}, {"FL3", "Xz", "done"}});
  auto r = run_fix_loop(SourceFile("t.sh", "xyz"), {}, lint);
  CHECK(r.text == "done");
  CHECK(r.applied.at("FL1") == 1);
  CHECK(r.applied.count("FL2") == 0);
}

TEST_CASE("unsafe fixes wait for --unsafe-fixes and display-only ones are never applied", "[rewriter]") {
  auto lint = text_linter({{"FL1", "a", "b"}, {"FL5", "u", "v", Applicability::Unsafe},
                           {"FL7", "d", "e", Applicability::DisplayOnly}});
  auto safe = run_fix_loop(SourceFile("t.sh", "a u d u"), {}, lint);
  CHECK(safe.text == "b u d u");
  CHECK(count_left(safe, "FL5", LeftReason::NeedsUnsafeFixes) == 2);
  CHECK(count_left(safe, "FL7", LeftReason::DisplayOnly) == 1);

  auto unsafe = run_fix_loop(SourceFile("t.sh", "a u d u"), FixLoopOptions{true}, lint);
  CHECK(unsafe.text == "b v d v");
  CHECK(unsafe.applied.at("FL5") == 2);
  CHECK(count_left(unsafe, "FL7", LeftReason::DisplayOnly) == 1);
}

TEST_CASE("a round that breaks the parse leaves the file untouched and names the rules", "[rewriter]") {
  auto lint = text_linter({{"FL1", "a", "b"}, {"FL9", "k", "("}});
  auto r = run_fix_loop(SourceFile("t.sh", "a\nk\n"), {}, lint);
  CHECK(r.text == "a\nk\n");
  CHECK_FALSE(r.changed());
  REQUIRE(r.failure);
  CHECK(r.failure->round == 1);
  CHECK(r.failure->codes == std::vector<std::string>{"FL1", "FL9"});
  CHECK(r.failure->detail.find("unexpected end of file") != std::string::npos);
}

TEST_CASE("a failure in a later round also leaves the file untouched", "[rewriter]") {
  auto lint = text_linter({{"FL1", "aa", "b"}, {"FL2", "b b", ")"}});
  auto r = run_fix_loop(SourceFile("t.sh", "aa aa\n"), {}, lint);
  CHECK(r.text == "aa aa\n");
  REQUIRE(r.failure);
  CHECK(r.failure->round == 2);
  CHECK(r.failure->codes == std::vector<std::string>{"FL2"});
}

TEST_CASE("a source with parse errors is not fixed at all", "[rewriter]") {
  int passes = 0;
  auto lint = text_linter({{"FL1", "long", "s"}}, &passes);
  std::string text = "long\n\n\n\n(unclosed\n";
  auto r = run_fix_loop(SourceFile("t.sh", text), {}, lint);
  CHECK_FALSE(r.failure);
  CHECK(r.text == text);
  CHECK_FALSE(r.changed());
  CHECK(r.syntax_errors == 1);
  CHECK(passes == 1);
}

TEST_CASE("fixes that undo each other stop instead of looping", "[rewriter]") {
  int passes = 0;
  auto lint = text_linter({{"FL1", "p", "q"}, {"FL2", "q", "p"}}, &passes);
  auto r = run_fix_loop(SourceFile("t.sh", "p"), {}, lint);
  CHECK(r.text == "q");
  CHECK(count_left(r, "FL2", LeftReason::NotConverged) == 1);
  CHECK(passes == 2);
}

TEST_CASE("the loop stops after the round limit", "[rewriter]") {
  auto lint = text_linter({{"FL1", "x", "xx"}});
  auto r = run_fix_loop(SourceFile("t.sh", "x"), FixLoopOptions{false, 3}, lint);
  // Touching fixes conflict, so each round doubles every other "x":
  // x -> xx -> xxx -> xxxxx.
  CHECK(r.text == "xxxxx");
  CHECK(r.rounds == 3);
  CHECK(count_left(r, "FL1", LeftReason::NotConverged) == 5);
}

TEST_CASE("fixes whose replacement equals the original end the loop", "[rewriter]") {
  int passes = 0;
  auto lint = text_linter({{"FL1", "n", "n"}}, &passes);
  auto r = run_fix_loop(SourceFile("t.sh", "n n"), {}, lint);
  CHECK(r.text == "n n");
  CHECK_FALSE(r.changed());
  CHECK(passes == 1);
}
