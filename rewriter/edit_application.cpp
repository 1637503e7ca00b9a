#include "rewriter/edit_application.h"

#include <fmt/format.h>

namespace forklift {

std::optional<std::string> check_edits(std::span<const Edit> edits, size_t text_size) {
  for (size_t i = 0; i < edits.size(); ++i) {
    const Edit& edit = edits[i];
    if (edit.begin > edit.end || edit.end > text_size) {
      return fmt::format("edit [{}, {}) lies outside the text of {} bytes", edit.begin, edit.end, text_size);
    }
    if (i > 0 && edits[i - 1].end > edit.begin) {
      return fmt::format("edits [{}, {}) and [{}, {}) are out of order or overlap", edits[i - 1].begin,
                         edits[i - 1].end, edit.begin, edit.end);
    }
  }
  return std::nullopt;
}

std::string apply_edits(std::string_view text, std::span<const Edit> edits) {
  std::string out;
  size_t grown = text.size();
  for (const Edit& edit : edits) grown += edit.replacement.size();
  out.reserve(grown);
  size_t copied_to = 0;
  for (const Edit& edit : edits) {
    out.append(text.substr(copied_to, edit.begin - copied_to));
    out.append(edit.replacement);
    copied_to = edit.end;
  }
  out.append(text.substr(copied_to));
  return out;
}

}  // namespace forklift
