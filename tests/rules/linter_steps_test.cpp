#include <catch2/catch.hpp>

#include "rules/linter_steps.h"

using namespace forklift;

namespace {

Diagnostic with_fix(std::string code, uint32_t begin, uint32_t end) {
  Fix fix{Applicability::Safe, "t", "", {Edit{begin, end, "x"}}};
  return Diagnostic{std::move(code), Severity::Warning, begin, end, "m", fix, std::nullopt};
}

}  // namespace

TEST_CASE("linter steps: fixes on or next to a parse-error line are dropped, diagnostics kept") {
  // Lines start at 0, 6, 22, 28; the error is at `then` (9).
  SourceFile file("t.sh", "a=`x`\nif then fi; b=1\nc=`y`\nd=`z`\n");
  std::vector<ParseError> errors{{9, "syntax error: `then' unexpected"}};
  std::vector<Span> regions = error_regions(file, nullptr, errors);
  REQUIRE(regions.size() == 1);
  CHECK(regions[0].begin == 6);
  CHECK(regions[0].end == 21);

  std::vector<Diagnostic> diagnostics{with_fix("FL1", 0, 5), with_fix("FL2", 18, 21), with_fix("FL3", 22, 27),
                                      with_fix("FL4", 28, 33), with_fix("FL5", 2, 6)};
  drop_fixes_near_errors(regions, diagnostics);
  REQUIRE(diagnostics.size() == 5);
  CHECK(diagnostics[0].fix.has_value());      // a line before, not touching
  CHECK_FALSE(diagnostics[1].fix.has_value());  // inside the error line
  CHECK(diagnostics[2].fix.has_value());      // the line after: begins past the region's end
  CHECK(diagnostics[3].fix.has_value());
  CHECK_FALSE(diagnostics[4].fix.has_value());  // its edit reaches the error line
}

TEST_CASE("linter steps: Error nodes are error regions") {
  SourceFile file("t.sh", "ok=1\nbad ((\nok=2\n");
  Ast ast;
  ast.root = ast.make(NodeKind::Program, 0, file.size());
  ast.root->kids.push_back(ast.make(NodeKind::Error, 9, 11));
  std::vector<Span> regions = error_regions(file, &ast, {});
  REQUIRE(regions.size() == 1);
  CHECK(regions[0].begin == 5);
  CHECK(regions[0].end == 11);
  std::vector<Diagnostic> diagnostics{with_fix("FL1", 0, 4), with_fix("FL1", 5, 8), with_fix("FL1", 12, 16)};
  drop_fixes_near_errors(regions, diagnostics);
  CHECK(diagnostics[0].fix.has_value());
  CHECK_FALSE(diagnostics[1].fix.has_value());
  CHECK(diagnostics[2].fix.has_value());
}

TEST_CASE("linter steps: no error regions, no change") {
  SourceFile file("t.sh", "a=1\n");
  std::vector<Diagnostic> diagnostics{with_fix("FL1", 0, 3)};
  drop_fixes_near_errors(error_regions(file, nullptr, {}), diagnostics);
  CHECK(diagnostics[0].fix.has_value());
}

TEST_CASE("linter steps: sorted by position, then code") {
  std::vector<Diagnostic> diagnostics{with_fix("FL2", 5, 6), with_fix("FL3", 1, 2), with_fix("FL1", 5, 9)};
  sort_diagnostics(diagnostics);
  CHECK(diagnostics[0].code == "FL3");
  CHECK(diagnostics[1].code == "FL1");
  CHECK(diagnostics[2].code == "FL2");
}
