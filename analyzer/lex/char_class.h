// Byte classes of the shell language: blanks, names, metacharacters and the
// special parameters. Both front ends, the rules and the interpreter ask here.
#pragma once

#include <string_view>

namespace forklift {

inline bool is_blank(char c) { return c == ' ' || c == '\t'; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_name_start(char c) { return is_alpha(c) || c == '_'; }
inline bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

// A POSIX name: `_x1`, not `1x` or ``.
bool is_identifier(std::string_view name);

// The length of the name at the start of `text` (0 when none starts there).
inline size_t name_length(std::string_view text) {
  if (text.empty() || !is_name_start(text[0])) return 0;
  size_t n = 1;
  while (n < text.size() && is_name_char(text[n])) ++n;
  return n;
}

// Bytes that end an unquoted word in command context.
inline bool is_metachar(char c) {
  switch (c) {
    case ' ': case '\t': case '\n': case ';': case '&': case '|': case '(': case ')': case '<': case '>':
      return true;
    default:
      return false;
  }
}

// Bytes that start an expansion or quoting inside arithmetic.
inline bool starts_arith_word_part(char c) { return c == '$' || c == '`' || c == '"' || c == '\''; }

// Parameters written with one special character: $@ $* $# $? $- $$ $! $0.
inline bool is_special_param(char c) {
  switch (c) {
    case '@': case '*': case '#': case '?': case '-': case '$': case '!': case '0':
      return true;
    default:
      return false;
  }
}

// A parameter named by one character: special or positional (`?`, `1`).
inline bool is_one_char_param(char c) { return is_special_param(c) || is_digit(c); }

// Special parameters whose value is always a decimal integer: $? $# $$.
inline bool is_integer_special_param(std::string_view name) { return name == "?" || name == "#" || name == "$"; }

}  // namespace forklift
