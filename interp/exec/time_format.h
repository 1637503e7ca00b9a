// The report of the `time` keyword as ksh93u+m writes it from TIMEFORMAT:
// %[p][l]R, %[p][l]U, %[p][l]S (real, user and system time with p = 0..3
// decimals, default 3, truncated; `l` for the [Hh]Mm SS.FFFs form), %P (CPU
// percentage), %% and a lone trailing % (a percent sign). The report ends
// with a newline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace forklift::interp {

// The format ksh uses when TIMEFORMAT is unset.
inline constexpr std::string_view kDefaultTimeFormat = "\nreal\t%2lR\nuser\t%2lU\nsys\t%2lS";

struct TimeValues {
  int64_t real_us = 0;  // microseconds
  int64_t user_us = 0;
  int64_t sys_us = 0;
};

struct TimeReport {
  std::string text;
  std::optional<char> bad;  // the conversion character ksh rejects (then no text)
};

TimeReport format_time_report(std::string_view format, const TimeValues& times);

}  // namespace forklift::interp
