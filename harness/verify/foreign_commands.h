// Commands the bundled interpreter does not have although bash or ksh93 has
// them as builtins. A script that calls one fails the same way before and
// after its rewrite, so the bundled interpreter cannot judge the rewrite:
// `forklift verify` reports such a check as one that could not run.
#pragma once

#include <optional>
#include <string_view>

namespace forklift::harness {

struct ForeignCommand {
  std::string_view name;
  std::string_view shell;  // the shell whose builtin it is: "bash" or "ksh93"
};

// The first such command that a run of the bundled interpreter reported as
// not found in `stderr_text` ("SCRIPT: line N: mapfile: not found").
std::optional<ForeignCommand> foreign_command_not_found(std::string_view stderr_text);

}  // namespace forklift::harness
