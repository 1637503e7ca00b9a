#include "interp/text/locale_text.h"

#include <catch2/catch.hpp>

namespace text = forklift::interp::text;

TEST_CASE("the C locale counts bytes") {
  text::select_locale("C", "", "C.UTF-8");
  CHECK_FALSE(text::utf8());
  CHECK(text::char_count("h\xc3\xa9") == 3);
  CHECK(text::byte_offset("h\xc3\xa9", 2) == 2);
  CHECK(text::is_char_start("h\xc3\xa9", 2));
}

TEST_CASE("a UTF-8 locale counts characters") {
  text::select_locale("", "", "C.UTF-8");
  CHECK(text::utf8());
  std::string_view s = "a\xc3\xa9\xe2\x82\xac" "b";  // a é € b
  CHECK(text::char_count(s) == 4);
  CHECK(text::byte_offset(s, 2) == 3);
  CHECK(text::byte_offset(s, 9) == s.size());
  CHECK(text::is_char_start(s, 1));
  CHECK_FALSE(text::is_char_start(s, 2));
  CHECK_FALSE(text::is_char_start(s, 5));
  CHECK(text::is_char_start(s, 6));
  text::select_locale("C", "", "");
}

TEST_CASE("long ASCII runs before multibyte characters are counted right") {
  text::select_locale("C.UTF-8", "", "");
  std::string s = std::string(19, 'x') + "\xc3\xa9" + std::string(9, 'y');
  CHECK(text::char_count(s) == 29);
  CHECK(text::byte_offset(s, 19) == 19);
  CHECK(text::byte_offset(s, 20) == 21);
  CHECK(text::byte_offset(std::string(40, 'z'), 33) == 33);
  CHECK(text::is_ascii(std::string(17, 'a')));
  CHECK_FALSE(text::is_ascii(std::string(16, 'a') + "\xff"));
  text::select_locale("C", "", "");
}

TEST_CASE("invalid UTF-8 bytes are one character each") {
  text::select_locale("C.UTF-8", "", "");
  CHECK(text::char_count("a\xff\xc3" "b") == 4);
  CHECK(text::char_count("\xe0\x80\x80") == 3);  // overlong form
  CHECK_FALSE(text::valid_utf8("\xed\xa0\x80"));  // surrogate
  CHECK(text::valid_utf8("\xf0\x9f\x98\x80"));
  text::select_locale("C", "", "");
}

TEST_CASE("the codeset in the name decides even for a locale missing on the system") {
  text::select_locale("xx_NOWHERE.utf8", "", "");
  CHECK(text::utf8());
  text::select_locale("xx_NOWHERE", "", "");
  CHECK_FALSE(text::utf8());
  text::select_locale("C", "", "");
}

TEST_CASE("fnmatch_chars matches one multibyte character with a question mark") {
  text::select_locale("C.UTF-8", "", "");
  CHECK(text::fnmatch_chars("?", "\xc3\xa9", 0) == 0);
  text::select_locale("C", "", "");
  CHECK(text::fnmatch_chars("??", "\xc3\xa9", 0) == 0);
}
