// The fix-conflict rule, stated once.
#pragma once

#include <cstdint>

#include "rules/diagnostic.h"

namespace forklift {

// Two byte ranges [begin, end] conflict when they share a byte or merely touch
// (one ends where the other begins). Touching counts because the order of two
// insertions at one offset, or of a replacement and an insertion right after
// it, would be arbitrary, and two rewrites glued together can form a token
// neither rule meant (`$x` + `y`). Fix selection and the dropping of fixes
// near parse errors both ask here.
constexpr bool ranges_conflict(uint32_t a_begin, uint32_t a_end, uint32_t b_begin, uint32_t b_end) {
  return a_begin <= b_end && b_begin <= a_end;
}

// Edits of two different fixes conflict by that rule.
inline bool edits_conflict(const Edit& a, const Edit& b) { return ranges_conflict(a.begin, a.end, b.begin, b.end); }

}  // namespace forklift
