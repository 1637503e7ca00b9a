#include <catch2/catch.hpp>

#include "rewriter/fix_summary.h"

using forklift::FixLoopResult;
using forklift::FixSummary;
using forklift::LeftReason;

namespace {

std::string name_of(std::string_view code) { return code == "FL101" ? "expr-arithmetic" : ""; }

}  // namespace

TEST_CASE("the summary counts fixes per rule and says how to apply the rest", "[rewriter]") {
  FixSummary summary;
  FixLoopResult first;
  first.applied = {{"FL101", 3}, {"FL201", 1}};
  first.left = {{"FL301", LeftReason::NeedsUnsafeFixes}, {"FL301", LeftReason::NeedsUnsafeFixes},
                {"FL110", LeftReason::DisplayOnly}};
  FixLoopResult second;
  second.applied = {{"FL101", 2}};
  summary.add(first);
  summary.add(second);
  FixLoopResult broken;
  broken.syntax_errors = 2;
  summary.add(broken);
  summary.add_failed_file();

  CHECK(summary.applied_total() == 6);
  CHECK(summary.changed_files() == 2);
  CHECK(summary.render(name_of, false) ==
        "Applied 6 fixes in 2 files:\n"
        "  FL101     5  expr-arithmetic\n"
        "  FL201     1\n"
        "3 fixes left:\n"
        "  FL301     2 (unsafe: apply with --unsafe-fixes)\n"
        "  FL110     1 (display-only: no automatic rewrite; see `forklift lint`)\n"
        "1 file has syntax errors and was not fixed: fix the syntax first.\n"
        "1 file could not be fixed (see the errors above).\n");
}

TEST_CASE("a dry run says what would be applied", "[rewriter]") {
  FixSummary summary;
  CHECK(summary.render(name_of, true) == "No fixes would be applied.\n");
  FixLoopResult one;
  one.applied = {{"FL101", 1}};
  summary.add(one);
  CHECK(summary.render(name_of, true).starts_with("Would apply 1 fix in 1 file:\n"));
}
