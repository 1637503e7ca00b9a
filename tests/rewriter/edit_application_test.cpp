#include <catch2/catch.hpp>

#include "rewriter/edit_application.h"
#include "rules/fix_conflict.h"

using forklift::apply_edits;
using forklift::check_edits;
using forklift::Edit;
using forklift::edits_conflict;

TEST_CASE("edits replace exactly their bytes and keep everything else", "[rewriter]") {
  std::string text = "i=`expr $i + 1`\r\n# keep `this`\r\necho $i";
  std::vector<Edit> edits{{2, 15, "$((i + 1))"}};
  REQUIRE_FALSE(check_edits(edits, text.size()));
  CHECK(apply_edits(text, edits) == "i=$((i + 1))\r\n# keep `this`\r\necho $i");
}

TEST_CASE("insertions, deletions and edits at both ends of the text", "[rewriter]") {
  std::string text = "abcdef";
  std::vector<Edit> edits{{0, 0, ">"}, {1, 3, ""}, {6, 6, "<"}};
  REQUIRE_FALSE(check_edits(edits, text.size()));
  CHECK(apply_edits(text, edits) == ">adef<");
  CHECK(apply_edits("", std::vector<Edit>{{0, 0, "x"}}) == "x");
  CHECK(apply_edits(text, {}) == text);
}

TEST_CASE("edits of one fix may touch, in the order the fix lists them", "[rewriter]") {
  std::string text = "`x`";
  std::vector<Edit> edits{{0, 1, "$("}, {1, 1, "echo "}, {2, 3, ")"}};
  REQUIRE_FALSE(check_edits(edits, text.size()));
  CHECK(apply_edits(text, edits) == "$(echo x)");
}

TEST_CASE("edits out of range, reversed or overlapping are refused", "[rewriter]") {
  CHECK(check_edits(std::vector<Edit>{{2, 9, ""}}, 5));
  CHECK(check_edits(std::vector<Edit>{{3, 2, ""}}, 5));
  CHECK(check_edits(std::vector<Edit>{{2, 4, ""}, {3, 5, ""}}, 5));
  CHECK(check_edits(std::vector<Edit>{{3, 4, ""}, {0, 1, ""}}, 5));
}

TEST_CASE("edits of different fixes conflict when they overlap or touch", "[rewriter]") {
  CHECK(edits_conflict({0, 3, ""}, {2, 5, ""}));
  CHECK(edits_conflict({0, 3, ""}, {3, 5, ""}));
  CHECK(edits_conflict({3, 3, "a"}, {3, 3, "b"}));
  CHECK(edits_conflict({3, 3, "a"}, {0, 3, "b"}));
  CHECK_FALSE(edits_conflict({0, 3, ""}, {4, 5, ""}));
}
