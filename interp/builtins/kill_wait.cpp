// kill and wait: signals sent to processes, and waiting for background jobs.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/builtins/signal_names.h"
#include "interp/exec/process_launcher.h"

namespace forklift::interp {

namespace {

// A process id or job spec operand; nullopt (after the message) when it is
// neither (read as a number, `%1` would be 0: the shell's own process group).
std::optional<pid_t> process_operand(Shell& shell, std::string_view who, const std::string& operand) {
  if (operand.starts_with("%")) {
    std::optional<pid_t> pid = job_pid(shell, operand);
    if (!pid) shell.error(fmt::format("{}: {}: no such job", who, operand));
    return pid;
  }
  char* end = nullptr;
  long pid = std::strtol(operand.c_str(), &end, 10);
  if (operand.empty() || *end != '\0') {
    shell.error(fmt::format("{}: {}: invalid process ID", who, operand));
    return std::nullopt;
  }
  return static_cast<pid_t>(pid);
}

int builtin_kill(Shell& shell, std::vector<std::string>& argv) {
  int sig = SIGTERM;
  size_t i = 1;
  if (i < argv.size() && argv[i] == "-l") {
    std::string out;
    if (i + 1 == argv.size()) {
      for (int s = 1; s < 32; ++s) out += signal_name(s) + "\n";
    }
    // kill -l N... names the signals (of exit statuses too: 143 is TERM);
    // kill -l NAME... gives their numbers.
    for (size_t k = i + 1; k < argv.size(); ++k) {
      const std::string& a = argv[k];
      if (!a.empty() && std::all_of(a.begin(), a.end(), ::isdigit)) {
        out += signal_name(std::atoi(a.c_str()) & 0x7f) + "\n";
        continue;
      }
      std::string upper = a;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      int number = signal_number(upper);
      if (number < 0 || number >= Shell::kErrTrap) {
        shell.out().write(out);
        shell.error(fmt::format("kill: {}: unknown signal name", a));
        return 1;
      }
      out += std::to_string(number) + "\n";
    }
    shell.out().write(out);
    return 0;
  }
  if (i < argv.size() && (argv[i] == "-s" || argv[i] == "-n") && i + 1 < argv.size()) {
    sig = signal_number(argv[i + 1]);
    i += 2;
  } else if (i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-') {
    sig = signal_number(argv[i].substr(1));
    ++i;
  }
  if (sig < 0) {
    shell.error("kill: bad signal");
    return 2;
  }
  if (i >= argv.size()) {
    shell.error("kill: usage: kill [-n signum] [-s signame] job ...");
    return 2;
  }
  int status = 0;
  shell.out().flush();
  for (; i < argv.size(); ++i) {
    std::optional<pid_t> pid = process_operand(shell, "kill", argv[i]);
    if (!pid) {
      status = 1;
    } else if (::kill(*pid, sig) != 0) {
      shell.error(fmt::format("kill: {}: {}", argv[i], errno == ESRCH ? "no such process" : std::strerror(errno)));
      status = 1;
    }
  }
  shell.run_pending_traps();
  return status;
}

// Blocks until the job has ended, leaving its status to be reaped, so that
// its CHLD trap runs (and sees it) before wait collects it.
void await_end(Shell& shell, pid_t pid) {
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
  }
  shell.run_pending_traps();
}

int builtin_wait(Shell& shell, std::vector<std::string>& argv) {
  shell.out().flush();
  auto& jobs = shell.jobs();
  if (argv.size() == 1) {  // every job; the status is 0 whatever theirs were
    std::vector<pid_t> pending = jobs;  // a CHLD trap may wait for some itself
    for (pid_t pid : pending) {
      await_end(shell, pid);
      ProcessLauncher::wait_for(pid);
    }
    jobs.clear();
    return 0;
  }
  int status = 0;
  for (size_t i = 1; i < argv.size(); ++i) {
    std::optional<pid_t> operand = process_operand(shell, "wait", argv[i]);
    if (!operand) {
      status = 1;
      continue;
    }
    pid_t pid = *operand;
    if (std::find(jobs.begin(), jobs.end(), pid) == jobs.end()) {
      status = 127;
      continue;
    }
    await_end(shell, pid);
    status = ProcessLauncher::wait_for(pid);
    std::erase(jobs, pid);
    // ksh forgets a job waited for by pid; after a plain `wait`, `jobs` still reports it once.
    shell.forget_background_job(pid);
  }
  return status;
}

}  // namespace

void register_kill_wait_builtins(BuiltinTable& table) {
  table["kill"] = Builtin{builtin_kill, false};
  table["wait"] = Builtin{builtin_wait, false};
}

}  // namespace forklift::interp
