// Byte classes of the shell grammar.
#pragma once

namespace forklift::exact {

inline bool is_blank(char c) { return c == ' ' || c == '\t'; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
inline bool is_name_start(char c) { return is_alpha(c) || c == '_'; }
inline bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

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

}  // namespace forklift::exact
