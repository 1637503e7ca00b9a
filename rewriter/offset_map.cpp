#include "rewriter/offset_map.h"

#include <algorithm>

namespace forklift {

OffsetMap::OffsetMap(const std::vector<Edit>& edits) {
  int64_t shift = 0;  // edited offset minus original offset, after the edits seen so far
  for (const Edit& edit : edits) {
    auto edited_begin = static_cast<uint32_t>(edit.begin + shift);
    auto edited_end = static_cast<uint32_t>(edited_begin + edit.replacement.size());
    segments_.push_back({edited_begin, edited_end, edit.end});
    shift += static_cast<int64_t>(edit.replacement.size()) - (edit.end - edit.begin);
  }
}

std::optional<uint32_t> OffsetMap::to_original(uint32_t edited_offset) const {
  // The last edit whose replacement starts at or before the offset decides.
  auto after = std::upper_bound(segments_.begin(), segments_.end(), edited_offset,
                                [](uint32_t offset, const Segment& s) { return offset < s.edited_begin; });
  if (after == segments_.begin()) return edited_offset;
  const Segment& last = *std::prev(after);
  if (edited_offset < last.edited_end) return std::nullopt;
  return last.original_end + (edited_offset - last.edited_end);
}

}  // namespace forklift
