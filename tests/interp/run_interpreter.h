// Runs `forklift run ARGS…` (the built binary) with extra environment
// variables, capturing stdout, stderr and the exit status.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace forklift::test {

struct InterpreterRun {
  int status = -1;
  std::string out;
  std::string err;
};

// `env` comes on top of this process's environment; stdin is /dev/null.
InterpreterRun run_interpreter(const std::vector<std::string>& args,
                               const std::vector<std::pair<std::string, std::string>>& env = {});

}  // namespace forklift::test
