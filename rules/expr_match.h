// `expr STR : RE` whose exit status alone is used, as a `case` pattern that
// matches exactly the strings for which expr exits with status 0.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Whether expr could read a string starting with `prefix` (or, when `exact`,
// the string `prefix`) as one of its operators or keywords (`length`, `(`,
// `--`, …) instead of as a string.
bool may_be_expr_operator(std::string_view prefix, bool exact);

}  // namespace forklift
