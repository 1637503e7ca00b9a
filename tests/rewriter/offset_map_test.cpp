#include <catch2/catch.hpp>

#include "rewriter/edit_application.h"
#include "rewriter/offset_map.h"

using forklift::Edit;
using forklift::OffsetMap;

TEST_CASE("offsets of an edited text map back to the original", "[rewriter]") {
  // "ab[cd]ef[]gh" -> "ab[XYZ]ef[Q]gh": replace cd by XYZ, insert Q.
  std::string original = "ab[cd]ef[]gh";
  std::vector<Edit> edits{{3, 5, "XYZ"}, {9, 9, "Q"}};
  std::string edited = forklift::apply_edits(original, edits);
  REQUIRE(edited == "ab[XYZ]ef[Q]gh");
  OffsetMap map(edits);
  CHECK(map.to_original(0) == 0u);
  CHECK(map.to_original(2) == 2u);                // '['
  CHECK_FALSE(map.to_original(3).has_value());    // 'X' was written by the edit
  CHECK_FALSE(map.to_original(5).has_value());
  CHECK(map.to_original(6) == 5u);                // ']'
  CHECK_FALSE(map.to_original(10).has_value());   // 'Q'
  CHECK(map.to_original(11) == 9u);               // ']'
  CHECK(map.to_original(static_cast<uint32_t>(edited.size())) == static_cast<uint32_t>(original.size()));
}

TEST_CASE("a deletion maps the byte after it to the byte after the deleted text", "[rewriter]") {
  std::vector<Edit> edits{{1, 4, ""}};  // "abcde" -> "ae"
  OffsetMap map(edits);
  CHECK(map.to_original(0) == 0u);
  CHECK(map.to_original(1) == 4u);
  CHECK(map.to_original(2) == 5u);
}
