#include "interp/text/locale_text.h"

#include <fnmatch.h>
#include <langinfo.h>
#include <locale.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>

namespace forklift::interp::text {

namespace {

bool utf8_mode = false;

// ksh (libast) goes by the codeset in the name even for a locale that is not
// installed; otherwise the C library says what the locale's codeset is.
bool names_utf8_locale(const std::string& name) {
  size_t dot = name.find('.');
  if (dot != std::string::npos) {
    std::string codeset = name.substr(dot + 1, name.find('@', dot) - dot - 1);
    for (char& c : codeset) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (codeset == "utf-8" || codeset == "utf8") return true;
  }
  locale_t loc = ::newlocale(LC_CTYPE_MASK, name.c_str(), static_cast<locale_t>(nullptr));
  if (loc == static_cast<locale_t>(nullptr)) return false;
  bool utf8 = std::strcmp(::nl_langinfo_l(CODESET, loc), "UTF-8") == 0;
  ::freelocale(loc);
  return utf8;
}

bool is_continuation(unsigned char c) { return (c & 0xc0) == 0x80; }

// Bytes before the first non-ASCII one, eight at a time: lengths and offsets
// of ASCII text stay cheap in UTF-8 mode (scripts take ${#x} in loops).
size_t ascii_prefix(std::string_view s) {
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t chunk;
    std::memcpy(&chunk, s.data() + i, 8);
    if (chunk & 0x8080808080808080ULL) break;
  }
  while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) ++i;
  return i;
}

// Length of the valid UTF-8 sequence at s[i], else 1 (overlong forms and
// surrogates are not valid, as for the C library).
size_t decoded_length(std::string_view s, size_t i) {
  auto lead = static_cast<unsigned char>(s[i]);
  size_t len = sequence_length(lead);
  if (len == 1 || i + len > s.size()) return 1;
  auto second = static_cast<unsigned char>(s[i + 1]);
  if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second > 0x9f) || (lead == 0xf0 && second < 0x90) ||
      (lead == 0xf4 && second > 0x8f)) {
    return 1;
  }
  for (size_t k = 1; k < len; ++k) {
    if (!is_continuation(static_cast<unsigned char>(s[i + k]))) return 1;
  }
  return len;
}

}  // namespace

bool utf8() { return utf8_mode; }

size_t sequence_length(unsigned char lead) {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

void select_locale(std::string_view lc_all, std::string_view lc_ctype, std::string_view lang) {
  std::string_view chosen = !lc_all.empty() ? lc_all : !lc_ctype.empty() ? lc_ctype : lang;
  static std::string last_name;
  static bool last_result = false;
  if (chosen != last_name || last_name.empty()) {
    last_name.assign(chosen);
    last_result = !chosen.empty() && names_utf8_locale(last_name);
  }
  utf8_mode = last_result;
}

size_t char_length(std::string_view s, size_t i) {
  if (!utf8_mode || static_cast<unsigned char>(s[i]) < 0x80) return 1;
  return decoded_length(s, i);
}

size_t char_count(std::string_view s) {
  if (!utf8_mode) return s.size();
  size_t i = ascii_prefix(s);
  size_t count = i;
  for (; i < s.size(); i += char_length(s, i)) ++count;
  return count;
}

size_t byte_offset(std::string_view s, size_t chars) {
  size_t ascii_end = std::min(chars, s.size());
  if (!utf8_mode || ascii_prefix(s.substr(0, ascii_end)) == ascii_end) return ascii_end;
  size_t i = 0;
  for (; i < s.size() && chars > 0; --chars) i += char_length(s, i);
  return i;
}

bool is_char_start(std::string_view s, size_t pos) {
  if (!utf8_mode || pos == 0 || pos >= s.size() || !is_continuation(static_cast<unsigned char>(s[pos]))) return true;
  // A continuation byte starts a character only when it is not part of a
  // valid sequence begun up to three bytes before.
  for (size_t back = 1; back <= 3 && back <= pos; ++back) {
    auto c = static_cast<unsigned char>(s[pos - back]);
    if (is_continuation(c)) continue;
    return char_length(s, pos - back) <= back;
  }
  return true;
}

bool is_ascii(std::string_view s) { return ascii_prefix(s) == s.size(); }

bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = decoded_length(s, i);
    if (len == 1) return false;
    i += len;
  }
  return true;
}

namespace {

locale_t utf8_locale() {
  static const locale_t locale = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return locale;
}

}  // namespace

int fnmatch_chars(const char* pattern, const char* text, int flags) {
  if (!utf8_mode) return ::fnmatch(pattern, text, flags);
  std::string_view p(pattern), t(text);
  // ASCII matches the same either way, and the C library gives up on
  // invalid sequences in a UTF-8 locale where ksh compares them as bytes.
  if ((is_ascii(p) && is_ascii(t)) || !valid_utf8(p) || !valid_utf8(t)) return ::fnmatch(pattern, text, flags);
  ScriptCharacters characters;
  return ::fnmatch(pattern, text, flags);
}

ScriptCharacters::ScriptCharacters() {
  if (utf8_mode && utf8_locale() != static_cast<locale_t>(nullptr)) previous_ = ::uselocale(utf8_locale());
}

ScriptCharacters::~ScriptCharacters() {
  if (previous_ != nullptr) ::uselocale(static_cast<locale_t>(previous_));
}

}  // namespace forklift::interp::text
