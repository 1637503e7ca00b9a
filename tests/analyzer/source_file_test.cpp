#include <catch2/catch.hpp>

#include "analyzer/source_file.h"

using forklift::make_source;
using forklift::SourceFile;

TEST_CASE("positions count lines and byte columns from 1", "[source]") {
  SourceFile f("t.sh", "ab\ncd\n");
  CHECK(f.position(0).line == 1);
  CHECK(f.position(0).column == 1);
  CHECK(f.position(4).line == 2);
  CHECK(f.position(4).column == 2);
  CHECK(f.line_count() == 3);
  CHECK(f.line_text(2) == "cd");
}

TEST_CASE("UTF-16 columns count astral characters twice and bad bytes once", "[source]") {
  SourceFile f("t.sh", "\xC3\xA9x\xF0\x9F\x98\x80y\xFFz");  // é x 😀 y <bad> z
  CHECK(f.position(2).utf16_column == 2);   // after é
  CHECK(f.position(3).utf16_column == 3);   // after x
  CHECK(f.position(7).utf16_column == 5);   // after 😀 (surrogate pair)
  CHECK(f.position(9).utf16_column == 7);   // after the invalid byte
  CHECK(f.offset_of_utf16(1, 4) == 7);       // right after the pair
  CHECK(f.offset_of_utf16(1, 3) == 7);       // between its surrogates: rounds forward
  CHECK(f.offset_of_utf16(1, 5) == 8);       // after y
  CHECK(f.offset_of_utf16(1, 99) == 10);     // clamped to the line
}

TEST_CASE("UTF-16 columns after a 4-byte character map back to the byte after it", "[source]") {
  SourceFile f("t.sh", "echo '\xF0\x9D\x84\x9E' x\n");  // echo '𝄞' x
  CHECK(f.offset_of_utf16(1, 8) == 10);  // e c h o space quote = 6 units, 𝄞 = 2
  CHECK(f.offset_of_utf16(1, 9) == 11);
  CHECK(f.position(11).utf16_column == 10);
}

TEST_CASE("CRLF lines and a missing final newline", "[source]") {
  SourceFile f("t.sh", "a\r\nb");
  CHECK(f.line_text(1) == "a");
  CHECK(f.line_text(2) == "b");
  CHECK(f.position(4).line == 2);
}

TEST_CASE("binaries and oversized input are refused with the path named", "[source]") {
  auto binary = make_source("bin.dat", std::string("echo\0x", 6));
  CHECK_FALSE(binary.file);
  CHECK(binary.error == "bin.dat: not a shell script (NUL byte at offset 4)");

  auto big = make_source("big.sh", std::string(100, 'a'), {.max_bytes = 10});
  CHECK_FALSE(big.file);
  CHECK(big.error.find("above the limit of 10 bytes") != std::string::npos);

  auto empty = make_source("empty.sh", "");
  REQUIRE(empty.file);
  CHECK(empty.file->line_count() == 1);
}

TEST_CASE("unreadable paths and directories are refused", "[source]") {
  CHECK(forklift::load_source("/nonexistent/x.sh").error == "/nonexistent/x.sh: No such file or directory");
  CHECK(forklift::load_source("/").error == "/: is a directory");
}
