// Names of standard utilities: the model takes a command so named to be the
// utility, as the rules take `sed` to be sed, also where a sourced file could
// have defined a function of that name.
#pragma once

#include <string_view>

namespace forklift {

// The POSIX utilities and the few others every system has (`mktemp`,
// `readlink`, `seq`, `which`).
bool is_standard_utility(std::string_view name);

}  // namespace forklift
