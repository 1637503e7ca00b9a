// The numbers of ksh93 arithmetic: 64-bit integers and long doubles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace forklift::interp {

struct Number {
  bool is_float = false;
  int64_t i = 0;
  long double f = 0;

  static Number integer(int64_t v) { return Number{false, v, 0}; }
  static Number floating(long double v) { return Number{true, 0, v}; }
  long double as_float() const { return is_float ? f : static_cast<long double>(i); }
  int64_t as_int() const;
  bool truthy() const { return is_float ? f != 0 : i != 0; }
};

// ksh93's spelling of a number: integers in decimal, floats with 18
// significant digits ("%.18Lg"), so 3.5, 0.333333333333333333, 1e+20.
std::string format_number(const Number& n);
void append_number(std::string& out, const Number& n);

// A numeric literal as ksh93 reads it: decimal (leading zeros are decimal),
// 0x hex, base#digits (2..64), floats with '.' or exponent. Surrounding
// blanks are allowed; nullopt when `text` is not exactly one number.
std::optional<Number> parse_number_literal(std::string_view text);

// `x OP y` for OP one of test's -eq, -ne, -lt, -le, -gt, -ge: compared as
// floats when either is one, as ksh93 does; nullopt for any other OP.
std::optional<bool> compare_numbers(const Number& x, std::string_view op, const Number& y);

}  // namespace forklift::interp
