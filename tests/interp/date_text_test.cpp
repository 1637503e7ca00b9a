#include "interp/builtins/date_text.h"

#include <cstdlib>

#include <catch2/catch.hpp>

using forklift::interp::parse_date;

namespace {

// 2024-03-05 10:20:30 UTC
constexpr time_t kNow = 1709634030;

struct UtcZone {
  UtcZone() {
    setenv("TZ", "UTC", 1);
    tzset();
  }
};

}  // namespace

TEST_CASE("date strings: now and epoch seconds") {
  UtcZone utc;
  CHECK(parse_date("", kNow) == kNow);
  CHECK(parse_date("now", kNow) == kNow);
  CHECK(parse_date("#86400", kNow) == 86400);
  CHECK_FALSE(parse_date("@0", kNow).has_value());
  CHECK_FALSE(parse_date("#-5", kNow).has_value());
  CHECK_FALSE(parse_date("#99999999999999999999999", kNow).has_value());
}

TEST_CASE("date strings: numeric dates keep the time of day") {
  UtcZone utc;
  constexpr time_t kMarch1 = 1709251200;  // 2024-03-01 00:00:00
  CHECK(parse_date("2024-03-01", kNow) == kMarch1 + 37230);
  CHECK(parse_date("03/01/2024", kNow) == kMarch1 + 37230);
  CHECK(parse_date("20240301", kNow) == kMarch1 + 37230);
  CHECK(parse_date("2024-02-30", kNow) == kMarch1 + 37230);  // rolls over
}

TEST_CASE("date strings: dates with times, ISO and date(1) forms") {
  UtcZone utc;
  CHECK(parse_date("2024-03-05T10:20:30Z", 0) == kNow);
  CHECK(parse_date("2024-03-05 10:20:30", 0) == kNow);
  CHECK(parse_date("Tue Mar  5 10:20:30 UTC 2024", 0) == kNow);
  CHECK(parse_date("March 5, 2024 10:20:30", 0) == kNow);
}

TEST_CASE("date strings: relative day names") {
  UtcZone utc;
  CHECK(parse_date("today", kNow) == kNow - 37230);
  CHECK(parse_date("yesterday", kNow) == kNow - 37230 - 86400);
  CHECK(parse_date("tomorrow", kNow) == kNow - 37230 + 86400);
  CHECK(parse_date("noon", kNow) == kNow - 37230 + 43200);
  CHECK(parse_date("10:00", kNow) == kNow - 37230 + 36000);
}

TEST_CASE("date strings: invalid input") {
  UtcZone utc;
  CHECK_FALSE(parse_date("bogus", kNow).has_value());
  CHECK_FALSE(parse_date("2024-13-01", kNow).has_value());
  CHECK_FALSE(parse_date("25:00", kNow).has_value());
}
