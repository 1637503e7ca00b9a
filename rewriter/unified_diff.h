// A unified diff (`diff -u` format) between two versions of one file.
#pragma once

#include <string>
#include <string_view>

namespace forklift {

inline constexpr int kDiffContextLines = 3;

// Empty when the texts are equal. Headers are `--- OLD_LABEL` and
// `+++ NEW_LABEL`; lines keep their bytes (a CRLF line prints its '\r'), and
// a last line without a newline is marked `\ No newline at end of file`, so
// `patch` turns the old text into exactly the new one.
std::string unified_diff(std::string_view old_text, std::string_view new_text, std::string_view old_label,
                         std::string_view new_label, int context = kDiffContextLines);

}  // namespace forklift
