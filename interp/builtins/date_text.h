// The date strings printf's %(fmt)T accepts, the subset of ksh93u+m's
// (libast tmdate) forms that scripts use, read in the local time zone:
//   ""  now                    the current time
//   #SECONDS                   seconds since the epoch (ksh has no @SECONDS)
//   today yesterday tomorrow   midnight of that day; noon, midnight: today
//   2024-03-05 24-03-05 2024/03/05 03/05/2024 20240305, a month by name
//   (Mar 5 2024, 5 March 2024, March 5, 2024), weekday names ignored
//   10:20 10:20:30             a time of day, alone or after a date
//   2024-03-05T10:20:30Z       ISO 8601; a zone (Z, UTC, GMT, +0200) is ignored
// A date without a time keeps the current time of day and a time without a
// date is today, as in ksh; out-of-range days roll over (Feb 30 → Mar 1).
#pragma once

#include <ctime>
#include <optional>
#include <string_view>

namespace forklift::interp {

std::optional<time_t> parse_date(std::string_view text, time_t now);

}  // namespace forklift::interp
