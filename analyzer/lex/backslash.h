// Backslash removal: which byte a backslash quotes depends on where it is.
//
// The tree keeps source text raw (Literal text still has its backslashes);
// whoever needs a value removes them here, with the context the text stood in.
#pragma once

#include <string>
#include <string_view>

namespace forklift {

enum class BackslashContext : unsigned char {
  Unquoted,                // `\c` quotes any byte
  DoubleQuoted,            // only $ ` " \ and newline
  DoubleQuotedOperand,     // an operand of ${v-…} inside "…": also }
  HereDoc,                 // an unquoted here-document body: $ ` \ and newline
  Backtick,                // the body of `...`: $ ` \ (newline stays for the inner parse)
  BacktickInDoubleQuotes,  // "`...`": also "
};

// Whether a backslash before `c` quotes it in `context` (and is removed).
inline bool backslash_quotes(char c, BackslashContext context) {
  switch (context) {
    case BackslashContext::Unquoted: return true;
    case BackslashContext::DoubleQuoted: return c == '$' || c == '`' || c == '"' || c == '\\' || c == '\n';
    case BackslashContext::DoubleQuotedOperand:
      return c == '}' || backslash_quotes(c, BackslashContext::DoubleQuoted);
    case BackslashContext::HereDoc: return c == '$' || c == '`' || c == '\\' || c == '\n';
    case BackslashContext::Backtick: return c == '$' || c == '`' || c == '\\';
    case BackslashContext::BacktickInDoubleQuotes: return c == '$' || c == '`' || c == '\\' || c == '"';
  }
  return false;
}

// Appends `raw` to `out` with its quoting backslashes removed; a quoted
// newline (a line continuation) goes with its backslash. A final lone
// backslash is kept.
void append_unescaped(std::string& out, std::string_view raw, BackslashContext context);
std::string unescaped(std::string_view raw, BackslashContext context);

}  // namespace forklift
