#include <catch2/catch.hpp>

#include "analyzer/lex/backslash.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/lex/xml_escape.h"

namespace forklift {
namespace {

TEST_CASE("backslashes: what each context removes", "[lex]") {
  CHECK(unescaped(R"(a\ b\*c\\)", BackslashContext::Unquoted) == R"(a b*c\)");
  CHECK(unescaped("line\\\ncontinued", BackslashContext::Unquoted) == "linecontinued");
  CHECK(unescaped(R"(\$x \" \a \\)", BackslashContext::DoubleQuoted) == R"($x " \a \)");
  CHECK(unescaped(R"(\} \$ \a)", BackslashContext::DoubleQuotedOperand) == R"(} $ \a)");
  CHECK(unescaped(R"(\})", BackslashContext::DoubleQuoted) == R"(\})");
  CHECK(unescaped(R"(\$x \" \a)", BackslashContext::HereDoc) == R"($x \" \a)");
  CHECK(unescaped("a\\\nb", BackslashContext::HereDoc) == "ab");
  CHECK(unescaped(R"(\$x \` \" \\n)", BackslashContext::Backtick) == R"($x ` \" \n)");
  CHECK(unescaped(R"(\$x \` \" \\n)", BackslashContext::BacktickInDoubleQuotes) == R"($x ` " \n)");
  // A newline after a backslash stays in a backtick body: the inner parse removes it.
  CHECK(unescaped("a\\\nb", BackslashContext::Backtick) == "a\\\nb");
  CHECK(unescaped("trailing\\", BackslashContext::Unquoted) == "trailing\\");
  std::string out = "kept:";
  append_unescaped(out, R"(\a)", BackslashContext::Unquoted);
  CHECK(out == "kept:a");
}

TEST_CASE("names and special parameters", "[lex]") {
  CHECK(is_identifier("_x1"));
  CHECK_FALSE(is_identifier("1x"));
  CHECK_FALSE(is_identifier(""));
  CHECK_FALSE(is_identifier("a-b"));
  CHECK(name_length("abc+1") == 3);
  CHECK(name_length("9a") == 0);
  for (char c : std::string_view("@*#?-$!0")) CHECK(is_special_param(c));
  CHECK_FALSE(is_special_param('1'));
  CHECK(is_one_char_param('1'));
  CHECK(is_integer_special_param("#"));
  CHECK_FALSE(is_integer_special_param("!"));
}

TEST_CASE("XML escaping keeps tab and newline as references and drops other controls", "[lex]") {
  CHECK(xml_escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
  // In an attribute value a literal tab or newline would be read back as a space.
  CHECK(xml_escape("1\n2\t3") == "1&#10;2&#9;3");
  CHECK(xml_escape(std::string("x\x01y\x1f", 4)) == "xy");
  CHECK(xml_escape("é") == "é");
}

}  // namespace
}  // namespace forklift
