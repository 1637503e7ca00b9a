// A grep regular expression applied to one line, as `case` patterns: the
// shapes whose matches a pattern tells exactly (one-character atoms and
// `.*`, anchored or not; a whole line of one set, `^[0-9]*$`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace forklift {

struct LineTest {
  std::vector<std::string> patterns;  // `case` patterns, joined with ` | `
  // Whether the listed values are the lines grep matches; false when they
  // are the lines it does not (`*[!0-9]*` for `^[0-9]*$`).
  bool listed_match = true;
  // Where a pattern can differ from grep on some line (bytes against UTF-8
  // characters in dash and mksh); a fix using it is then not exact.
  std::vector<std::string> caveats;
};

// `whole_line` is grep's `-x`; `bytes` is true for shells whose `?` and
// `[…]` match a byte (dash, mksh). nullopt, with `refusal` set, for any
// other shape.
std::optional<LineTest> grep_line_test(std::string_view pattern, bool extended, bool whole_line, bool bytes,
                                       std::string& refusal);

}  // namespace forklift
