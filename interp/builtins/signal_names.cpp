#include "interp/builtins/signal_names.h"

#include <signal.h>

#include <cstdlib>
#include <cstring>

#include "interp/shell.h"

namespace forklift::interp {

int signal_number(const std::string& name) {
  std::string n = name;
  if (n.rfind("SIG", 0) == 0) n = n.substr(3);
  static const std::pair<const char*, int> kSignals[] = {
      {"EXIT", 0},     {"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT}, {"ILL", SIGILL},
      {"TRAP", SIGTRAP}, {"ABRT", SIGABRT}, {"BUS", SIGBUS},  {"FPE", SIGFPE},   {"KILL", SIGKILL},
      {"USR1", SIGUSR1}, {"SEGV", SIGSEGV}, {"USR2", SIGUSR2}, {"PIPE", SIGPIPE}, {"ALRM", SIGALRM},
      {"TERM", SIGTERM}, {"CHLD", SIGCHLD}, {"CONT", SIGCONT}, {"STOP", SIGSTOP}, {"TSTP", SIGTSTP},
      {"TTIN", SIGTTIN}, {"TTOU", SIGTTOU}, {"WINCH", SIGWINCH}, {"ERR", Shell::kErrTrap}, {"DEBUG", Shell::kDebugTrap},
  };
  for (const auto& [sig_name, number] : kSignals) {
    if (n == sig_name) return number;
  }
  // The rest under the C library's names (XCPU, PROF, SYS, POLL, ...).
  for (int number = 1; number < NSIG; ++number) {
    const char* abbrev = sigabbrev_np(number);
    if (abbrev != nullptr && n == abbrev) return number;
  }
  if (n == "POLL") return SIGPOLL;
  char* end = nullptr;
  long v = std::strtol(name.c_str(), &end, 10);
  if (*end == '\0' && !name.empty()) return static_cast<int>(v);
  return -1;
}

std::string signal_name(int number) {
  if (number == 0) return "EXIT";
  if (number == Shell::kErrTrap) return "ERR";
  if (number == Shell::kDebugTrap) return "DEBUG";
  const char* abbrev = sigabbrev_np(number);
  return abbrev != nullptr ? abbrev : std::to_string(number);
}

}  // namespace forklift::interp
