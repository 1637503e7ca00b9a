// exec: redirections kept for the shell, or the shell replaced by a command;
// redirect: the first half of exec alone.
#include <fmt/format.h>

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

// Unlike exec it is a regular builtin: a redirection that fails does not
// end the shell, and it never runs a command.
int builtin_redirect(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() > 1) {
    shell.error(fmt::format("redirect: incorrect syntax: {}", argv[1]));
    return 2;
  }
  shell.keep_command_redirections();
  return 0;
}

}  // namespace

void register_exec_builtin(BuiltinTable& table) {
  table["exec"] = Builtin{builtin_exec, true};
  table["redirect"] = Builtin{builtin_redirect, false};
}

}  // namespace forklift::interp
