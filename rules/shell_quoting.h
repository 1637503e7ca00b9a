// Literal text written into a rewrite so that the shell reads it back as
// itself: as a word, and as a pattern that matches only itself.
#pragma once

#include <string>
#include <string_view>

namespace forklift {

// `.log` stays as it is; `*.c`, `a b`, `it's` are single-quoted (`'*.c'`,
// `'a b'`, `'it'\''s'`), which keeps them literal in `${v%…}`, `case` and `[`.
std::string shell_quoted_pattern(std::string_view text);

}  // namespace forklift
