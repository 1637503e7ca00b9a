// tr's operands as the bytes they name, and what tr does with them: the
// sets FL313 (deleting, replacing, squeezing) and FL304 (changing case)
// both read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/sed/sed_script.h"

namespace forklift {

// A tr set as the characters it names, in order (repeats kept: the
// characters of two sets pair up by position): plain ASCII characters,
// `\n`, `\t` and `\\`, ranges of printable characters and classes, each
// spelled out as the ASCII bytes tr reads. nullopt for other escapes,
// `[c*n]`, equivalence classes and sets with other control characters.
std::optional<std::string> tr_set(std::string_view text);

// What `tr` does to each character of its input.
struct TrEdit {
  enum class Kind { Delete, Replace, Squeeze };
  Kind kind = Kind::Delete;
  std::string from;  // no repeats
  std::string to;    // Replace: the character each of `from` becomes
};

// `tr -d SET`, `tr -s SET` and `tr SET1 SET2` (SET2 as long as SET1, or one
// character, which GNU tr repeats; a longer SET2 is cut to SET1's length).
std::optional<TrEdit> tr_edit(const std::vector<std::string>& args);

// A Replace edit that turns some letter into the same letter of the other case.
bool changes_case(const TrEdit& edit);

// A Replace edit as sed's `y` (each character of `from` to the one at the
// same place in `to`, in one pass, as tr maps them).
sed::SedProgram transliteration(const TrEdit& edit);

}  // namespace forklift
