// Heterogeneous lookup in Abseil string-keyed maps from a std::string_view
// (this Abseil build's string_view is its own type).
#pragma once

#include <string_view>

#include <absl/strings/string_view.h>

namespace forklift::interp {

inline absl::string_view hash_key(std::string_view s) { return absl::string_view(s.data(), s.size()); }

}  // namespace forklift::interp
