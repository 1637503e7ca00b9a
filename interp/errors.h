// Non-local exits of the interpreter: `exit`, and errors that end the
// (sub)shell as ksh93 does in a non-interactive shell.
#pragma once

#include <string>

namespace forklift::interp {

// `exit N`, or a fatal error after its message was printed. Unwinds to the
// innermost (in-process) subshell or to the top level.
struct ShellExit {
  int status;
};

// An error that ends the shell (Shell::fatal): `command` keeps a special
// builtin's from ending it.
struct FatalError : ShellExit {};

}  // namespace forklift::interp
