// `expr STR : RE` whose exit status alone is used, as a `case` pattern that
// matches exactly the strings for which expr exits with status 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/sed/sed_script.h"

namespace forklift {

struct ExprStatusPattern {
  std::string glob;  // a `case` pattern
  // Where the pattern can differ from expr on some value; the fix is then not
  // exact.
  std::vector<std::string> caveats;
};

// expr anchors RE at the start and exits 0 when it matches a non-empty
// prefix. nullopt (with `refusal` set) when no pattern says the same: groups,
// repetitions other than `.*`, a leading `^`, a pattern that may match
// nothing. `bytes` is true for shells whose `?` and `[…]` match a byte, not a
// character of a UTF-8 value (dash, mksh).
std::optional<ExprStatusPattern> expr_status_pattern(std::string_view re, bool bytes, std::string& refusal);

// `expr "PREFIX$v" : RE` where RE has one group prints what the group
// matched (empty when RE does not match the start of the string): the same
// as `sed -n 's/^REST.*/\1/p'` on the value of `$v`, REST being RE without
// the literal PREFIX it must start with. nullopt (with `refusal` set) when RE
// has no group or several, does not start with PREFIX, or has a `^`.
// expr's `.` and `[^…]` match a newline, as the shell patterns the sed
// compiler writes do, so the program applies to multi-line values too.
std::optional<sed::SedProgram> expr_capture_program(std::string_view re, std::string_view prefix,
                                                    std::string& refusal);

// Whether expr could read a string starting with `prefix` (or, when `exact`,
// the string `prefix`) as one of its operators or keywords (`length`, `(`,
// `--`, …) instead of as a string.
bool may_be_expr_operator(std::string_view prefix, bool exact);

}  // namespace forklift
