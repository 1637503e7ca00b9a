// The shell's named options, shared by `set`, `[[ -o NAME ]]` and the
// interpreter's own command line (`forklift run -ex -o pipefail`).
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "interp/shell.h"

namespace forklift::interp {

struct OptionName {
  std::string_view name;  // as `set -o` lists it
  char letter;            // 0: only by name
  bool ShellOptions::*field;
  // The field holds the opposite of the name ("clobber" is the noclobber
  // flag off), as ksh93u+m keeps it; `set +o` names the flag.
  bool inverted = false;
  // Only the shell's own start decides it (interactive, login_shell, rc):
  // `[[ -o ]]` reads it, `set` refuses it.
  bool fixed = false;
};

// What an option name means: ksh93u+m ignores `-` and `_`, reads a leading
// `no` as the opposite, takes a unique prefix, and `NAME=0` as `noNAME`.
struct OptionLookup {
  const OptionName* option = nullptr;  // null: unknown or ambiguous
  bool on = true;                      // what the name asks for
  bool ambiguous = false;
};

std::span<const OptionName> option_names();
OptionLookup find_option(std::string_view name);
const OptionName* find_option_letter(char letter);  // null when unknown
bool option_is_on(const ShellOptions& options, const OptionName& option);
void set_option(ShellOptions& options, const OptionName& option, bool on);
// The flag's own name: "noclobber" for clobber.
std::string flag_name(const OptionName& option);
// `set +o`: the flags that are on, as `set` options.
std::string option_commands(const ShellOptions& options);

}  // namespace forklift::interp
