#include "interp/text/escapes.h"

#include <cctype>
#include <cstdint>

namespace forklift::interp {

namespace {

struct Escape {
  uint32_t value = 0;
  bool wide = false;  // a character to write in UTF-8 rather than a byte
};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The digits of \x, \u, \U from text[i]: at most `max_digits` (0: no limit),
// or any number inside {…} or […] (where \u{U+263A} is allowed too).
Escape read_hex(std::string_view text, size_t& i, size_t max_digits, bool character) {
  Escape e{0, character};
  bool braced = i < text.size() && (text[i] == '{' || text[i] == '[');
  if (braced) {
    ++i;
    if (character && text.substr(i, 2) == "U+") i += 2;
  }
  size_t digits = 0;
  while (i < text.size() && hex_digit(text[i]) >= 0 && (braced || max_digits == 0 || digits < max_digits)) {
    e.value = (e.value << 4) + static_cast<uint32_t>(hex_digit(text[i++]));
    ++digits;
  }
  if (braced && i < text.size() && (text[i] == '}' || text[i] == ']')) ++i;
  if (digits > 2) e.wide = true;
  return e;
}

// The C dialect: text[i] is the character after the backslash (i < size);
// advances i past the escape.
Escape decode_c_escape(std::string_view text, size_t& i) {
  char c = text[i++];
  switch (c) {
    case 'a': return {'\a'};
    case 'b': return {'\b'};
    case 'e':
    case 'E': return {'\033'};
    case 'f': return {'\f'};
    case 'n': return {'\n'};
    case 'r': return {'\r'};
    case 't': return {'\t'};
    case 'v': return {'\v'};
    case 'x': return read_hex(text, i, 0, false);
    case 'u': return read_hex(text, i, 4, true);
    case 'U': return read_hex(text, i, 8, true);
    case 'c':
    case 'C': {
      if (i >= text.size()) return {0};
      Escape e{static_cast<unsigned char>(text[i++])};
      if (e.value == '\\' && i < text.size()) e = decode_c_escape(text, i);
      if (e.value < 0x80 && std::islower(static_cast<int>(e.value))) e.value = static_cast<uint32_t>(std::toupper(static_cast<int>(e.value)));
      e.value ^= 0x40;
      return e;
    }
    default:
      if (c >= '0' && c <= '7') {
        uint32_t v = static_cast<uint32_t>(c - '0');
        for (int n = 0; n < 2 && i < text.size() && text[i] >= '0' && text[i] <= '7'; ++n) v = v * 8 + static_cast<uint32_t>(text[i++] - '0');
        return {v};
      }
      return {static_cast<unsigned char>(c)};
  }
}

// Appends a decoded escape; returns false when it makes a NUL byte.
bool append_escape(std::string& out, const Escape& e) {
  if (e.wide) {
    if (e.value == 0) return false;
    append_utf8(out, e.value);
    return true;
  }
  char byte = static_cast<char>(e.value & 0xff);
  if (byte == '\0') return false;
  out.push_back(byte);
  return true;
}

}  // namespace

bool decode_character_escape(std::string_view text, size_t& i, std::string& character) {
  if (i >= text.size() || std::string_view("aeEfnrtvxc").find(text[i]) == std::string_view::npos) return false;
  Escape e = decode_c_escape(text, i);
  character.clear();
  if (e.wide) append_utf8(character, e.value);
  else character.push_back(static_cast<char>(e.value & 0xff));
  return true;
}

void append_utf8(std::string& out, uint32_t code) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
    return;
  }
  int extra = code < 0x800 ? 1 : code < 0x10000 ? 2 : code < 0x200000 ? 3 : code < 0x4000000 ? 4 : 5;
  static constexpr unsigned char lead[] = {0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC};
  out.push_back(static_cast<char>(lead[extra] | (code >> (6 * extra))));
  for (int k = extra - 1; k >= 0; --k) out.push_back(static_cast<char>(0x80 | ((code >> (6 * k)) & 0x3F)));
}

std::string decode_ansi_c(std::string_view body) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size();) {
    char c = body[i++];
    if (c != '\\' || i >= body.size()) {
      out.push_back(c);
      continue;
    }
    if (!append_escape(out, decode_c_escape(body, i))) break;
  }
  return out;
}

std::string decode_printf_format(std::string_view format) {
  std::string out;
  out.reserve(format.size());
  for (size_t i = 0; i < format.size();) {
    char c = format[i++];
    if (c != '\\' || i >= format.size()) {
      out.push_back(c);
      continue;
    }
    Escape e = decode_c_escape(format, i);
    if (!e.wide && e.value == '%') {
      out += "%%";
    } else if (!e.wide && e.value == 0) {
      out.push_back('\0');
    } else if (!append_escape(out, e)) {
      break;
    }
  }
  return out;
}

std::string decode_echo_escapes(std::string_view text, bool& stop) {
  std::string out;
  out.reserve(text.size());
  stop = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '\\' || i + 1 >= text.size()) {
      out.push_back(c);
      continue;
    }
    switch (text[i + 1]) {
      case 'E': out.push_back('\033'); break;
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'c': stop = true; return out;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'v': out.push_back('\v'); break;
      case '\\': out.push_back('\\'); break;
      case '0': {
        unsigned v = 0;
        size_t j = i + 2;
        for (; j < i + 5 && j < text.size() && text[j] >= '0' && text[j] <= '7'; ++j) v = v * 8 + static_cast<unsigned>(text[j] - '0');
        out.push_back(static_cast<char>(v & 0xff));
        i = j - 1;
        continue;
      }
      default: out.push_back('\\'); continue;
    }
    ++i;
  }
  return out;
}

}  // namespace forklift::interp
