// Which command names a target shell runs without starting a process.
#pragma once

#include <string_view>

#include "analyzer/dialect.h"

namespace forklift {

// Builtins and reserved utilities of the dialect's reference shell (dash for
// Sh, bash 5, ksh93u+m, mksh) in their default configuration: path-bound ksh
// builtins (/opt/ast/bin) and bash loadables are not counted.
bool is_builtin(std::string_view name, Dialect dialect);

// ksh93 runs `$( )`, `( )` and the last pipeline element of builtins in the
// current process (virtual subshells); the other shells fork.
bool forks_for_subshells(Dialect dialect);

}  // namespace forklift
