// exec: redirections kept for the shell, or the shell replaced by a command.
#include "interp/builtins/builtins.h"
#include "interp/errors.h"

namespace forklift::interp {

namespace {

int builtin_exec(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  if (argv.size() == 1) {
    shell.keep_command_redirections();
    return 0;
  }
  std::vector<std::string> rest(argv.begin() + 1, argv.end());
  if (shell.find_builtin(rest[0]) != nullptr || shell.find_function(rest[0]) != nullptr) {
    int status = shell.run_command_argv(rest, false);
    throw ShellExit{status};
  }
  shell.run_exit_trap();
  int status = shell.exec_external(rest, true);
  throw ShellExit{status};
}

}  // namespace

void register_exec_builtin(BuiltinTable& table) {
  table["exec"] = Builtin{builtin_exec, true};
}

}  // namespace forklift::interp
