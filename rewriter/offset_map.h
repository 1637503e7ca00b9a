// Where a byte of an edited text came from in the text before the edits.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "rules/diagnostic.h"

namespace forklift {

class OffsetMap {
 public:
  // `edits` as given to apply_edits: sorted, valid for the original text.
  explicit OffsetMap(const std::vector<Edit>& edits);

  // The offset in the original text of `edited_offset`, or nullopt when that
  // byte was written by an edit (it has no original). The end of the edited
  // text maps to the end of the original.
  std::optional<uint32_t> to_original(uint32_t edited_offset) const;

 private:
  struct Segment {
    uint32_t edited_begin;   // where the replacement starts in the edited text
    uint32_t edited_end;     // and ends
    uint32_t original_end;   // end of the replaced bytes in the original
  };
  std::vector<Segment> segments_;  // one per edit, in order
};

}  // namespace forklift
