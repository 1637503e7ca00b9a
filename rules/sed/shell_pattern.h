// Writing regular-expression pieces as shell text: literal text quoted so a
// pattern or a replacement takes it as it is, one-character atoms as glob
// atoms.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/sed/regex.h"

namespace forklift::sed {

// Literal text inside `${v#…}`, `${v/…/…}` or a `case` pattern: plain when
// nothing in it is special to the shell or to patterns, else in "…" (which
// keeps it literal both inside and outside double quotes). `slash_is_plain`
// is false for the pattern and replacement of `${v/p/r}`, where `/` ends
// the pattern.
std::string shell_literal(std::string_view text, bool slash_is_plain = true);

// A bracket expression as a shell bracket: `^` negation becomes `!`, and a
// leading `!` or `^` member moves so it is not read as negation; `negate`
// complements the set. nullopt when a member is special to the shell inside
// brackets; blanks are copied where the bracket sits inside `${…}`
// (`allow_blanks`), and escaped with a backslash elsewhere (a `case` pattern).
std::optional<std::string> shell_bracket(const BracketSet& set, bool negate = false, bool allow_blanks = false);

// Whether atom `i` of a pattern of one-character atoms and `.*` runs
// matches the same text in dash and mksh, which match bytes, as in sed or
// expr, which match characters of a UTF-8 value, when the pattern is matched
// whole or for its longest match (`##`, `%%`, `${v//p/r}`, `case`): literal
// text and a byte-safe bracket match whole characters or nothing; `.` and a
// negated byte-safe bracket may take a character's first byte alone, which
// a run right after them (or the pattern's open end) completes.
bool matches_whole_characters(const std::vector<const Regex*>& atoms, size_t i, bool open_end);

// The glob of one atom that matches exactly one character: a literal, `.`,
// or a bracket expression. nullopt for anything else.
std::optional<std::string> glob_atom(const Regex& atom, bool slash_is_plain = true);

}  // namespace forklift::sed
