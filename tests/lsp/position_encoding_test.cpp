#include <catch2/catch.hpp>

#include "lsp/position_encoding.h"

using namespace forklift::lsp;
using forklift::SourceFile;

TEST_CASE("UTF-8 is chosen only when the client offers it", "[lsp][position]") {
  CHECK(negotiate_position_encoding({}) == PositionEncoding::Utf16);
  CHECK(negotiate_position_encoding({"utf-16"}) == PositionEncoding::Utf16);
  CHECK(negotiate_position_encoding({"utf-32", "utf-8", "utf-16"}) == PositionEncoding::Utf8);
  CHECK(position_encoding_name(PositionEncoding::Utf8) == "utf-8");
}

TEST_CASE("positions count UTF-16 units or bytes as negotiated", "[lsp][position]") {
  // "é" is 2 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 UTF-16 units.
  SourceFile file("t.sh", "echo é𝄞 x\nnext\n");
  uint32_t x = static_cast<uint32_t>(file.text().find(" x")) + 1;
  CHECK(position_of(file, x, PositionEncoding::Utf16) == Position{0, 9});
  CHECK(position_of(file, x, PositionEncoding::Utf8) == Position{0, 12});
  CHECK(offset_of(file, {0, 9}, PositionEncoding::Utf16) == x);
  CHECK(offset_of(file, {0, 12}, PositionEncoding::Utf8) == x);
  CHECK(position_of(file, file.line_start(2), PositionEncoding::Utf16) == Position{1, 0});
}

TEST_CASE("out-of-range positions are clamped, never inside a character", "[lsp][position]") {
  SourceFile file("t.sh", "aé\r\nb");
  CHECK(offset_of(file, {0, 99}, PositionEncoding::Utf16) == 3);  // end of line, before \r\n
  CHECK(offset_of(file, {0, 2}, PositionEncoding::Utf8) == 3);    // inside é: after it
  CHECK(offset_of(file, {7, 0}, PositionEncoding::Utf8) == file.size());
  CHECK(range_of(file, 0, file.size(), PositionEncoding::Utf16) == Range{{0, 0}, {1, 1}});
}
