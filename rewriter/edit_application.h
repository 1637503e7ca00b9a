// Applying a set of byte-range edits to a source text.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "rules/diagnostic.h"

namespace forklift {

// Why a list of edits cannot be applied as given, or nullopt when it can: every
// edit lies inside a text of `text_size` bytes, and each edit begins at or
// after the end of the one before (edits of one fix may touch: their order in
// the list is the fix's intent).
std::optional<std::string> check_edits(std::span<const Edit> edits, size_t text_size);

// The text with every edit applied; bytes outside the edits are copied as they
// are (line endings, comments, a missing final newline). The edits must pass
// check_edits.
std::string apply_edits(std::string_view text, std::span<const Edit> edits);

}  // namespace forklift
