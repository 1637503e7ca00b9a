// The body of a backtick substitution rewritten as the body of `$( )`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace forklift {

// `raw` is the text between the backticks; `in_double_quotes` says whether
// the substitution sits inside "…" (then `\"` loses its backslash too).
// Nested backticks become nested `$( )`, a `$` right before one is escaped
// so it stays a literal `$` rather than forming `$$`, a body starting with
// `(` gets a space (not `$((`), and a body ending in a comment gets a newline
// before the `)`. nullopt when no faithful body exists (an unterminated
// nested backtick, a trailing backslash that would escape the `)`, a
// here-document whose end the `)` would have to follow on its own line).
std::optional<std::string> dollar_paren_body(std::string_view raw, bool in_double_quotes);

// True when the byte before `offset` is a `$` that is not itself escaped.
bool unescaped_dollar_before(std::string_view text, size_t offset);

}  // namespace forklift
