#include "rewriter/line_diff.h"

#include <algorithm>
#include <optional>

namespace forklift {
namespace {

using Lines = std::span<const std::string_view>;

// Myers' forward search: trace[d] holds the furthest x reached on each
// diagonal k in [-d, d] after d differences; nullopt past the distance cap.
std::optional<std::vector<std::vector<int>>> search(Lines a, Lines b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int offset = n + m + 1;
  std::vector<int> v(2 * static_cast<size_t>(offset) + 1, 0);
  std::vector<std::vector<int>> trace;
  for (int d = 0; d <= std::min(n + m, kMaxMinimalDiffDistance); ++d) {
    for (int k = -d; k <= d; k += 2) {
      bool down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]);
      int x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
        return trace;
      }
    }
    trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
  }
  return std::nullopt;
}

std::vector<LineOp> backtrack(const std::vector<std::vector<int>>& trace, int n, int m) {
  std::vector<LineOp> reversed;
  int x = n, y = m;
  for (int d = static_cast<int>(trace.size()) - 1; d > 0; --d) {
    const std::vector<int>& before = trace[d - 1];  // diagonals [-(d-1), d-1]
    auto at = [&](int k) { return before[k + d - 1]; };
    int k = x - y;
    bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
    int prev_k = down ? k + 1 : k - 1;
    int prev_x = at(prev_k), prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) reversed.push_back(LineOp::Keep), --x, --y;
    if (down) {
      reversed.push_back(LineOp::Add), --y;
    } else {
      reversed.push_back(LineOp::Remove), --x;
    }
  }
  while (x > 0 && y > 0) reversed.push_back(LineOp::Keep), --x, --y;
  return {reversed.rbegin(), reversed.rend()};
}

// Any order of the removals and additions between two kept lines is correct;
// GNU diff prints the removals first, and so do we.
void removals_first(std::vector<LineOp>& ops) {
  for (auto run = ops.begin(); run != ops.end();) {
    auto end = std::find(run, ops.end(), LineOp::Keep);
    std::stable_partition(run, end, [](LineOp op) { return op == LineOp::Remove; });
    run = end == ops.end() ? end : end + 1;
  }
}

}  // namespace

std::vector<LineOp> diff_lines(Lines old_lines, Lines new_lines) {
  size_t prefix = 0;
  while (prefix < old_lines.size() && prefix < new_lines.size() && old_lines[prefix] == new_lines[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < old_lines.size() - prefix && suffix < new_lines.size() - prefix &&
         old_lines[old_lines.size() - 1 - suffix] == new_lines[new_lines.size() - 1 - suffix]) {
    ++suffix;
  }
  Lines a = old_lines.subspan(prefix, old_lines.size() - prefix - suffix);
  Lines b = new_lines.subspan(prefix, new_lines.size() - prefix - suffix);

  std::vector<LineOp> ops(prefix, LineOp::Keep);
  if (auto trace = search(a, b)) {
    auto middle = backtrack(*trace, static_cast<int>(a.size()), static_cast<int>(b.size()));
    removals_first(middle);
    ops.insert(ops.end(), middle.begin(), middle.end());
  } else {
    ops.insert(ops.end(), a.size(), LineOp::Remove);
    ops.insert(ops.end(), b.size(), LineOp::Add);
  }
  ops.insert(ops.end(), suffix, LineOp::Keep);
  return ops;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t newline = text.find('\n', start);
    size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

}  // namespace forklift
