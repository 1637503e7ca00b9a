// Runs the built forklift binary (or another program) as a user would,
// capturing what it prints.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace forklift::test {

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};

using Environment = std::vector<std::pair<std::string, std::string>>;

// Runs FORKLIFT_BINARY with args, feeding `input` on stdin, in directory `cwd`
// (if not empty), with `env` on top of this process's environment.
RunResult run_forklift(const std::vector<std::string>& args, const std::string& input = "", const std::string& cwd = "",
                       const Environment& env = {});

// The same for any program: command[0] is looked up in PATH.
RunResult run_program(const std::vector<std::string>& command, const std::string& input = "",
                      const std::string& cwd = "", const Environment& env = {});

}  // namespace forklift::test
