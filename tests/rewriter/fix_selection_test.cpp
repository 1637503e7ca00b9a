#include <catch2/catch.hpp>

#include "rewriter/fix_selection.h"
#include "tests/rewriter/synthetic_fixes.h"

using forklift::Applicability;
using forklift::Diagnostic;
using forklift::select_fixes;
using forklift::test::diagnostic_with_fix;

namespace {

std::vector<std::string> codes(const std::vector<const Diagnostic*>& ds) {
  std::vector<std::string> out;
  for (const Diagnostic* d : ds) out.push_back(d->code);
  return out;
}

}  // namespace

TEST_CASE("the fix that starts earlier wins a conflict", "[rewriter]") {
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL101", {{5, 9, "x"}}), diagnostic_with_fix("FL900", {{2, 6, "y"}})};
  auto selection = select_fixes(ds, 20, false);
  CHECK(codes(selection.accepted) == std::vector<std::string>{"FL900"});
  CHECK(codes(selection.conflicting) == std::vector<std::string>{"FL101"});
  REQUIRE(selection.edits.size() == 1);
  CHECK(selection.edits[0].replacement == "y");
}

TEST_CASE("at the same start the lower rule code wins", "[rewriter]") {
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL202", {{2, 4, "b"}}), diagnostic_with_fix("FL102", {{2, 6, "a"}})};
  auto selection = select_fixes(ds, 20, false);
  CHECK(codes(selection.accepted) == std::vector<std::string>{"FL102"});
  CHECK(codes(selection.conflicting) == std::vector<std::string>{"FL202"});
}

TEST_CASE("a fix is taken whole or not at all", "[rewriter]") {
  // FL300's second edit collides with FL100, so none of FL300's edits is taken.
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL100", {{10, 12, "z"}}),
                             diagnostic_with_fix("FL300", {{0, 1, "a"}, {11, 13, "b"}}),
                             diagnostic_with_fix("FL200", {{3, 4, "c"}})};
  auto selection = select_fixes(ds, 20, false);
  // FL300 starts first, so it wins against FL100; FL200 does not touch either.
  CHECK(codes(selection.accepted) == std::vector<std::string>{"FL300", "FL200"});
  CHECK(codes(selection.conflicting) == std::vector<std::string>{"FL100"});
  CHECK(selection.edits.size() == 3);
  CHECK(selection.edits[0].begin == 0);
  CHECK(selection.edits[1].begin == 3);
  CHECK(selection.edits[2].begin == 11);
}

TEST_CASE("touching fixes conflict; separated ones are applied together", "[rewriter]") {
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL1", {{0, 3, "a"}}), diagnostic_with_fix("FL2", {{3, 5, "b"}}),
                             diagnostic_with_fix("FL3", {{6, 7, "c"}})};
  auto selection = select_fixes(ds, 20, false);
  CHECK(codes(selection.accepted) == std::vector<std::string>{"FL1", "FL3"});
  CHECK(codes(selection.conflicting) == std::vector<std::string>{"FL2"});
}

TEST_CASE("only safe fixes unless unsafe fixes are asked for; display-only never", "[rewriter]") {
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL1", {{0, 1, "a"}}),
                             diagnostic_with_fix("FL2", {{3, 4, "b"}}, Applicability::Unsafe),
                             diagnostic_with_fix("FL3", {{6, 7, "c"}}, Applicability::DisplayOnly)};
  CHECK(codes(select_fixes(ds, 20, false).accepted) == std::vector<std::string>{"FL1"});
  CHECK(codes(select_fixes(ds, 20, true).accepted) == std::vector<std::string>{"FL1", "FL2"});
}

TEST_CASE("fixes with edits outside the text or out of order are set aside", "[rewriter]") {
  std::vector<Diagnostic> ds{diagnostic_with_fix("FL1", {{0, 30, "a"}}),
                             diagnostic_with_fix("FL2", {{5, 6, "b"}, {1, 2, "c"}}),
                             diagnostic_with_fix("FL3", {{7, 8, "d"}})};
  auto selection = select_fixes(ds, 20, false);
  CHECK(codes(selection.invalid) == std::vector<std::string>{"FL1", "FL2"});
  CHECK(codes(selection.accepted) == std::vector<std::string>{"FL3"});
}

TEST_CASE("diagnostics without fixes or with empty fixes are ignored", "[rewriter]") {
  std::vector<Diagnostic> ds{Diagnostic{}, diagnostic_with_fix("FL2", {})};
  auto selection = select_fixes(ds, 20, false);
  CHECK(selection.accepted.empty());
  CHECK(selection.conflicting.empty());
  CHECK(selection.invalid.empty());
}
