// Glob patterns over '/'-separated paths, as .gitignore and per-file-ignores use them.
#pragma once

#include <string_view>

namespace forklift {

// `*` and `?` match within one path component, `[a-z]` / `[!a-z]` a character
// class, `**` any number of components (`**/x`, `a/**`, `a/**/b`), and `\c`
// the character c.
bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace forklift
