#include "rewriter/unified_diff.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "rewriter/line_diff.h"

namespace forklift {
namespace {

struct Hunk {
  size_t first_op = 0;  // [first_op, end_op) of the edit script
  size_t end_op = 0;
};

// Changes closer than 2 * context kept lines share a hunk, as in GNU diff.
std::vector<Hunk> group_hunks(const std::vector<LineOp>& ops, int context) {
  std::vector<Hunk> hunks;
  const size_t reach = static_cast<size_t>(context);
  size_t i = 0;
  while (true) {
    auto change = std::find_if(ops.begin() + static_cast<ptrdiff_t>(i), ops.end(), [](LineOp op) { return op != LineOp::Keep; });
    if (change == ops.end()) break;
    size_t start = static_cast<size_t>(change - ops.begin());
    size_t end = start;  // one past the last change of the hunk so far
    while (true) {
      while (end < ops.size() && ops[end] != LineOp::Keep) ++end;
      size_t next = end;
      while (next < ops.size() && ops[next] == LineOp::Keep) ++next;
      if (next == ops.size() || next - end > 2 * reach) break;
      end = next;
    }
    hunks.push_back({start - std::min(start, reach), std::min(ops.size(), end + reach)});
    i = end;
  }
  return hunks;
}

// GNU's range spelling: "start,count", "start" when count is 1, and for an
// empty range the line before it.
std::string range(size_t first_line_index, size_t count) {
  if (count == 1) return fmt::format("{}", first_line_index + 1);
  return fmt::format("{},{}", count == 0 ? first_line_index : first_line_index + 1, count);
}

void append_line(std::string& out, char prefix, std::string_view line) {
  out += prefix;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::string unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_label,
                         std::string_view new_label, int context) {
  if (old_text == new_text) return {};
  auto old_lines = split_lines(old_text);
  auto new_lines = split_lines(new_text);
  auto ops = diff_lines(old_lines, new_lines);

  // Line index in each text before each op.
  std::vector<size_t> old_at(ops.size() + 1, 0), new_at(ops.size() + 1, 0);
  for (size_t i = 0; i < ops.size(); ++i) {
    old_at[i + 1] = old_at[i] + (ops[i] != LineOp::Add ? 1 : 0);
    new_at[i + 1] = new_at[i] + (ops[i] != LineOp::Remove ? 1 : 0);
  }

  std::string out = fmt::format("--- {}\n+++ {}\n", old_label, new_label);
  for (const Hunk& hunk : group_hunks(ops, context)) {
    out += fmt::format("@@ -{} +{} @@\n", range(old_at[hunk.first_op], old_at[hunk.end_op] - old_at[hunk.first_op]),
                       range(new_at[hunk.first_op], new_at[hunk.end_op] - new_at[hunk.first_op]));
    for (size_t i = hunk.first_op; i < hunk.end_op; ++i) {
      switch (ops[i]) {
        case LineOp::Keep: append_line(out, ' ', old_lines[old_at[i]]); break;
        case LineOp::Remove: append_line(out, '-', old_lines[old_at[i]]); break;
        case LineOp::Add: append_line(out, '+', new_lines[new_at[i]]); break;
      }
    }
  }
  return out;
}

}  // namespace forklift
