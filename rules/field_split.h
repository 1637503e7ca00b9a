// Taking field N of a one-line value split at a single character, as `cut`
// and `awk -F` do, with parameter expansions in a `case` on how many
// delimiters the value has.
#pragma once

#include <optional>
#include <string>
#include <vector>
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

// A field number that is a variable's value (`$i`) or literal.
struct FieldNumber {
  int literal = 0;
  std::string variable;  // the name, empty for a literal
  std::string arithmetic() const;  // `3`, `i` or `$1`, inside `$(( ))`
  std::string expansion() const;   // `3` or `$i`
};

// `cut -f "$i"`, `-f "$i"-`, `-f "$i"-M`, `-f 1-"$p"` (at most one variable,
// checked by the caller's guard to be a field number in range).
struct CountedFieldSpec {
  char delimiter = ':';
  FieldNumber first;
  bool to_end = false;
  std::optional<FieldNumber> last;  // a range's end; none for one field or to_end
};

// Loops that count delimiters, with `counter` and `rest` as scratch
// variables: past the first N-1 fields (a value without the delimiter is
// whole, too few fields give an empty one), then up to the range's end.
std::string counted_field_statement(std::string_view target, std::string_view value, std::string_view counter,
                                    std::string_view rest, const CountedFieldSpec& spec);

// `case` patterns that match every decimal number without leading zeros
// greater than `bound`: `????*`, `[23456789]??`, `1[123456789]?`, `10[123456789]` for 100.
std::vector<std::string> numbers_above(int bound);

}  // namespace forklift
