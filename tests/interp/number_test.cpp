#include "interp/arith/number.h"

#include <catch2/catch.hpp>

using forklift::interp::format_number;
using forklift::interp::Number;
using forklift::interp::parse_number_literal;

TEST_CASE("number literals are read the ksh93 way") {
  CHECK(parse_number_literal("42")->i == 42);
  CHECK(parse_number_literal("010")->i == 10);  // leading zeros are decimal
  CHECK(parse_number_literal("08")->i == 8);
  CHECK(parse_number_literal("0x1F")->i == 31);
  CHECK(parse_number_literal("16#ff")->i == 255);
  CHECK(parse_number_literal("2#101")->i == 5);
  CHECK(parse_number_literal("64#_")->i == 63);
  CHECK(parse_number_literal(" -7 ")->i == -7);
  CHECK(parse_number_literal("3.5")->is_float);
  CHECK(parse_number_literal("1e3")->f == 1000);
  CHECK_FALSE(parse_number_literal("abc"));
  CHECK_FALSE(parse_number_literal("1+2"));
  CHECK_FALSE(parse_number_literal("2#102"));
  CHECK_FALSE(parse_number_literal(""));
}

TEST_CASE("integers beyond 64 bits become floats") {
  auto n = parse_number_literal("9223372036854775808");
  REQUIRE(n);
  CHECK(n->is_float);
}

TEST_CASE("numbers print as ksh93 prints them") {
  CHECK(format_number(Number::integer(-12)) == "-12");
  CHECK(format_number(Number::floating(3.5L)) == "3.5");
  CHECK(format_number(Number::floating(1.0L / 3.0L)) == "0.333333333333333333");
  CHECK(format_number(Number::floating(1000.0L)) == "1000");
  CHECK(format_number(Number::floating(1.0L / 0.0L)) == "inf");
}
