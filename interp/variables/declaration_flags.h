// What a typeset command (or one of its aliases) was asked to do, shared by
// the declaration and the listings without names.
#pragma once

#include <cstdint>

namespace forklift::interp {

// The attributes a typeset command sets and clears, and how it runs.
struct DeclFlags {
  uint32_t set = 0;
  uint32_t clear = 0;
  int precision = -1;
  int width = -1;
  char justify = 0;  // 'L', 'R', 'Z', or 'z' for -LZ (left, leading zeros removed)
  bool functions = false;
  bool print = false;
  bool local = true;
  bool names_only = false;  // a +OPTION word: listings show names alone
};

}  // namespace forklift::interp
