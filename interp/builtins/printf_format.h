// printf formatting as ksh93u+m does it (printf, print -f): the format's
// escapes decoded first (see escapes.h), conversions applied to the arguments,
// the format reused while arguments remain.
#pragma once

#include <string>
#include <vector>

#include "interp/shell.h"

namespace forklift::interp {

// Appends the formatted text to `out`; returns the exit status (1 when an
// argument was not a valid number or a conversion is unknown).
int run_printf(Shell& shell, const std::string& format, const std::vector<std::string>& args, std::string& out);

int builtin_printf(Shell& shell, std::vector<std::string>& argv);

}  // namespace forklift::interp
