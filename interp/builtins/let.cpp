// let: each argument an arithmetic expression; the status says whether the last is non-zero.
#include "interp/arith/number.h"
#include "interp/builtins/builtins.h"
#include "interp/errors.h"

namespace forklift::interp {

namespace {

int builtin_let(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 2) {
    shell.error("let: argument expected");
    return 2;
  }
  Number last;
  try {
    for (size_t i = 1; i < argv.size(); ++i) last = shell.eval_arith_string(argv[i]);
  } catch (const ShellExit&) {
    return 1;  // an arithmetic error (its message is out) ends let, not the shell
  }
  return last.truthy() ? 0 : 1;
}

}  // namespace

void register_let_builtin(BuiltinTable& table) {
  table["let"] = Builtin{builtin_let, false};
}

}  // namespace forklift::interp
