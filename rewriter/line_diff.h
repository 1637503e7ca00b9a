// The shortest edit script between two sequences of lines (Myers 1986).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace forklift {

enum class LineOp : uint8_t {
  Keep,    // the line is in both: advances in both sequences
  Remove,  // only in the old sequence
  Add,     // only in the new sequence
};

// Past this many differing lines the script stops being minimal: the rest of
// the differing middle becomes one block of removals and additions, which is
// still a correct diff and keeps memory bounded (Myers keeps O(D^2) state).
inline constexpr int kMaxMinimalDiffDistance = 2000;

// Within a changed block, removals come before additions (as in GNU diff).
std::vector<LineOp> diff_lines(std::span<const std::string_view> old_lines, std::span<const std::string_view> new_lines);

// `text` cut after each '\n' (kept in the line, as is a '\r' before it); a
// last line without a newline is a line too.
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace forklift
