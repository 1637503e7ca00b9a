// Characters under the script's locale. ksh93u+m counts characters, not
// bytes, when LC_ALL (else LC_CTYPE, else LANG) names a UTF-8 locale: in
// ${#x}, ${x:o:l}, `?` and bracket patterns, typeset -L/-R/-Z widths and
// read -n/-N. In other locales (C, POSIX) a byte is a character.
//
// The mode is process-wide because pattern matching has no Shell at hand;
// one interpreter runs per process.
#pragma once

#include <cstddef>
#include <string_view>

namespace forklift::interp::text {

bool utf8();
// Follows the locale variables: the first set and non-empty of LC_ALL,
// LC_CTYPE, LANG decides, by the codeset in its name (as ksh, also for a
// locale missing on the system) or else by what the C library knows of it.
void select_locale(std::string_view lc_all, std::string_view lc_ctype, std::string_view lang);

// Length in bytes of the character starting at s[i] (1 for ASCII and for
// bytes that do not start a valid UTF-8 sequence, as ksh treats them).
size_t char_length(std::string_view s, size_t i);
// Bytes of the UTF-8 sequence a lead byte announces (1 for ASCII and for
// bytes that cannot start one), whatever the mode.
size_t sequence_length(unsigned char lead);
// Characters in `s` (bytes outside UTF-8 mode).
size_t char_count(std::string_view s);
// Byte offset of character number `chars` (clamped to s.size()).
size_t byte_offset(std::string_view s, size_t chars);
// Whether a character starts at byte `pos` (always outside UTF-8 mode).
bool is_char_start(std::string_view s, size_t pos);
bool is_ascii(std::string_view s);
// Whether s is valid UTF-8 (so the C library can match it as characters).
bool valid_utf8(std::string_view s);
// fnmatch(3) that matches characters in UTF-8 mode (the C library compares
// bytes in the C locale this program runs in).
int fnmatch_chars(const char* pattern, const char* text, int flags);

// While one lives, this thread's C library reads characters as the script
// does: in UTF-8 in UTF-8 mode (for regcomp and regexec, which, like
// fnmatch, would otherwise read bytes).
class ScriptCharacters {
 public:
  ScriptCharacters();
  ~ScriptCharacters();
  ScriptCharacters(const ScriptCharacters&) = delete;
  ScriptCharacters& operator=(const ScriptCharacters&) = delete;

 private:
  void* previous_ = nullptr;  // the thread's locale_t before, when switched
};

}  // namespace forklift::interp::text
