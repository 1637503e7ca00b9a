// Trapped signals: the handler only records the signal; the trap action runs
// between commands.
#include <signal.h>

#include <atomic>

#include "interp/errors.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

constexpr int kMaxSignal = 65;
volatile sig_atomic_t g_pending[kMaxSignal];
volatile sig_atomic_t g_any_pending = 0;

void record_signal(int sig) {
  if (sig > 0 && sig < kMaxSignal) g_pending[sig] = 1;
  g_any_pending = 1;
}

}  // namespace

void Shell::install_signal_handler(int sig, SignalMode mode) {
  if (sig <= 0 || sig >= 64) return;
  struct sigaction action {};
  sigemptyset(&action.sa_mask);
  switch (mode) {
    case SignalMode::Default: action.sa_handler = SIG_DFL; break;
    case SignalMode::Ignore: action.sa_handler = SIG_IGN; break;
    case SignalMode::Catch: action.sa_handler = record_signal; break;
  }
  sigaction(sig, &action, nullptr);
}

void Shell::run_pending_traps() {
  if (!g_any_pending) return;
  g_any_pending = 0;
  for (int sig = 1; sig < kMaxSignal; ++sig) {
    if (!g_pending[sig]) continue;
    g_pending[sig] = 0;
    const std::string* action = trap_action(sig);
    if (action == nullptr || action->empty()) continue;
    std::string copy = *action;
    int saved = last_status_;
    eval_string(copy, "trap");
    last_status_ = saved;
  }
}

bool signals_pending() { return g_any_pending != 0; }

}  // namespace forklift::interp
