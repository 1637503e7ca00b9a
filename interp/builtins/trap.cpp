// trap: the actions run on signals, EXIT, ERR and DEBUG.
#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/builtins/signal_names.h"

namespace forklift::interp {

namespace {

int builtin_trap(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  size_t i = 1;
  if (i < argv.size() && argv[i] == "--") ++i;
  if (i + 1 < argv.size() && argv[i] == "-p") {  // trap -p SIG...: the actions alone
    std::string out;
    for (size_t k = i + 1; k < argv.size(); ++k) {
      int sig = signal_number(argv[k]);
      if (sig < 0) {
        shell.error(fmt::format("trap: {}: bad trap", argv[k]));
        return 1;
      }
      if (const std::string* action = shell.trap_action(sig)) out += *action + "\n";
    }
    shell.out().write(out);
    return 0;
  }
  if (i >= argv.size() || argv[i] == "-p") {
    // As ksh lists them: signals from the highest number down, then EXIT, DEBUG, ERR.
    std::string out;
    std::vector<int> order;
    for (int sig = Shell::kErrTrap - 1; sig > 0; --sig) order.push_back(sig);
    for (int sig : {0, static_cast<int>(Shell::kDebugTrap), static_cast<int>(Shell::kErrTrap)}) order.push_back(sig);
    for (int sig : order) {
      if (const std::string* action = shell.trap_action(sig)) {
        out += fmt::format("trap -- {} {}\n", shell_quote(*action), signal_name(sig));
      }
    }
    shell.out().write(out);
    return 0;
  }
  std::string action = argv[i];
  size_t first_signal = i + 1;
  bool reset = action == "-";
  // `trap N...` with a number first resets those signals.
  if (signal_number(action) >= 0 && std::all_of(action.begin(), action.end(), ::isdigit)) {
    reset = true;
    first_signal = i;
  }
  int status = 0;
  for (size_t k = first_signal; k < argv.size(); ++k) {
    int sig = signal_number(argv[k]);
    if (sig < 0) {
      shell.error(fmt::format("trap: {}: bad trap", argv[k]));
      status = 1;
      continue;
    }
    if (shell.ignored_on_entry(sig)) {
      // A signal ignored when the shell started stays ignored, as POSIX has it.
      shell.set_trap(sig, std::string());
    } else if (reset) {
      shell.set_trap(sig, std::nullopt);
      shell.install_signal_handler(sig, Shell::SignalMode::Default);
    } else {
      shell.set_trap(sig, action);
      shell.install_signal_handler(sig, action.empty() ? Shell::SignalMode::Ignore : Shell::SignalMode::Catch);
    }
  }
  return status;
}

}  // namespace

void register_trap_builtin(BuiltinTable& table) {
  table["trap"] = Builtin{builtin_trap, true};
}

}  // namespace forklift::interp
