// Writing regular-expression pieces as shell text: literal text quoted so a
// pattern or a replacement takes it as it is, one-character atoms as glob
// atoms.
#pragma once

#include <optional>
#include <string>
#include <string_view>

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
// brackets; blanks are accepted only where the bracket sits inside `${…}`
// (`allow_blanks`), not in a `case` pattern.
std::optional<std::string> shell_bracket(const BracketSet& set, bool negate = false, bool allow_blanks = false);

// The glob of one atom that matches exactly one character: a literal, `.`,
// or a bracket expression. nullopt for anything else.
std::optional<std::string> glob_atom(const Regex& atom, bool slash_is_plain = true);

}  // namespace forklift::sed
