// Taking field N of a one-line value split at a single character, as `cut`
// and `awk -F` do, with parameter expansions in a `case` on how many
// delimiters the value has.
#pragma once

#include <string>
#include <string_view>

namespace forklift {

struct FieldSpec {
  char delimiter = ':';
  int field = 2;            // 1-based, > 1 but for a range
  bool to_end = false;      // the rest from field N (`cut -fN-`)
  int last = 0;             // the range N-last (`cut -fN-M`), when larger than N
  // What a value without the delimiter gives: the whole value (`cut`
  // without -s) or an empty field (`awk`, for N > 1).
  bool whole_without_delimiter = true;
};

// `case $value in *C*) target=$value; target=${target#*C}; target=${target%%C*} ;; … esac`:
// fewer delimiters than N - 1 give an empty field. A range N-M keeps the
// text up to the (M-N+1)th delimiter after field N's start, or all of it.
std::string field_statement(std::string_view target, std::string_view value, const FieldSpec& spec);

}  // namespace forklift
