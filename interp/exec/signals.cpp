// Trapped signals: the handler only records the signal; the trap action runs
// between commands.
#include <signal.h>
#include <sys/wait.h>

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
    if (sig == SIGCHLD) {
      run_child_traps(copy);
      continue;
    }
    int saved = last_status_;
    eval_string(copy, "trap");
    last_status_ = saved;
  }
}

// The CHLD trap runs once for each background job that has ended, with $!
// its process and $? its status; a foreground command's end runs nothing.
void Shell::run_child_traps(const std::string& action) {
  std::vector<std::pair<pid_t, int>> ended;
  for (BackgroundJob& job : background_jobs_) {
    siginfo_t info{};
    // WNOWAIT: the status stays for a later `wait`.
    if (job.trap_ran || ::waitid(P_PID, static_cast<id_t>(job.pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
        info.si_pid != job.pid) {
      continue;
    }
    job.trap_ran = true;
    ended.emplace_back(job.pid, info.si_code == CLD_EXITED ? info.si_status : 256 + info.si_status);
  }
  pid_t saved_pid = last_background_pid_;
  int saved_status = last_status_;
  for (const auto& [pid, status] : ended) {
    last_background_pid_ = pid;
    last_status_ = status;
    std::string copy = action;
    eval_string(copy, "trap");
  }
  last_background_pid_ = saved_pid;
  last_status_ = saved_status;
}

bool signals_pending() { return g_any_pending != 0; }

}  // namespace forklift::interp
