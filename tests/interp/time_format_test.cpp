// The `time` report from TIMEFORMAT, on fixed times.
#include <catch2/catch.hpp>

#include "interp/exec/time_format.h"

using forklift::interp::format_time_report;
using forklift::interp::kDefaultTimeFormat;
using forklift::interp::TimeValues;

namespace {

const TimeValues kTimes{61'234'567, 1'500'000, 20'999};

std::string report(std::string_view format) {
  auto r = format_time_report(format, kTimes);
  REQUIRE_FALSE(r.bad.has_value());
  return r.text;
}

}  // namespace

TEST_CASE("time report: default format as ksh prints it") {
  CHECK(report(kDefaultTimeFormat) == "\nreal\t1m01.23s\nuser\t0m01.50s\nsys\t0m00.02s\n");
}

TEST_CASE("time report: precision digits truncate and stop at three") {
  CHECK(report("%R") == "61.234\n");
  CHECK(report("%0R|%1R|%2U|%3S") == "61|61.2|1.50|0.020\n");
  CHECK(report("%9R") == "61.234\n");
}

TEST_CASE("time report: the long form") {
  CHECK(report("%lR") == "1m01.234s\n");
  CHECK(report("%0lU") == "0m01s\n");
  CHECK(format_time_report("%1lR", TimeValues{3'725'000'000, 0, 0}).text == "1h2m05.0s\n");
}

TEST_CASE("time report: percentage and percent signs") {
  CHECK(format_time_report("%P", TimeValues{2'000'000, 500'000, 500'000}).text == "50.000\n");
  CHECK(format_time_report("%P", TimeValues{0, 0, 0}).text == "0.000\n");
  CHECK(report("100%% %R%") == "100% 61.234%\n");
  CHECK(report("") == "\n");
}

TEST_CASE("time report: bad conversions name their character") {
  CHECK(format_time_report("%x", kTimes).bad == 'x');
  CHECK(format_time_report("a %2P", kTimes).bad == 'P');
  CHECK(format_time_report("%lP", kTimes).bad == 'P');
  CHECK(format_time_report("%3", kTimes).bad == '\0');
  CHECK(format_time_report("%l", kTimes).bad == '\0');
  CHECK(format_time_report("%x", kTimes).text.empty());
}
