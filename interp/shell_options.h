// The shell's named options, shared by `set`, `[[ -o NAME ]]` and the
// interpreter's own command line (`forklift run -ex -o pipefail`).
#pragma once

#include <span>
#include <string_view>

#include "interp/shell.h"

namespace forklift::interp {

struct OptionName {
  std::string_view name;
  char letter;  // 0: only by name
  bool ShellOptions::*field;
};

std::span<const OptionName> option_names();
const OptionName* find_option(std::string_view name);  // null when unknown
const OptionName* find_option_letter(char letter);     // null when unknown
// Interactive and editing options: accepted by name, with no effect.
bool is_ignored_option(std::string_view name);
// Letters ksh accepts that have no effect in a script: -h -m -p -k -B.
bool is_ignored_option_letter(char letter);

}  // namespace forklift::interp
