#include "tests/cli/fix_script_runner.h"

#include "tests/cli/fix_samples.h"

namespace forklift::test {

ScriptRun run_script(const std::string& shell, const std::string& script, const std::vector<std::string>& args,
                     const std::string& stdin_path, const std::string& cwd) {
  std::vector<std::string> command{shell, script};
  command.insert(command.end(), args.begin(), args.end());
  std::string input = stdin_path.empty() ? "" : read_file(cwd + "/" + stdin_path);
  return run_program(command, input, cwd, {{"LC_ALL", "C.UTF-8"}, {"TZ", "UTC"}, {"TIMEFORMAT", ""}});
}

}  // namespace forklift::test
