// Runs a script under a real shell with fixed inputs and environment.
#pragma once

#include <string>
#include <vector>

#include "tests/support/run_forklift.h"

namespace forklift::test {

using ScriptRun = RunResult;

// `shell script args...` in `cwd`, stdin from `stdin_path` (relative to `cwd`;
// /dev/null when empty), with LC_ALL=C.UTF-8, TZ=UTC and an empty TIMEFORMAT
// (so `time` prints nothing that changes from run to run) on top of our
// environment.
ScriptRun run_script(const std::string& shell, const std::string& script, const std::vector<std::string>& args,
                     const std::string& stdin_path, const std::string& cwd);

}  // namespace forklift::test
