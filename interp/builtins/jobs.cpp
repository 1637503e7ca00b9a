// jobs, fg, bg and disown as a non-interactive ksh93u+m has them: no job
// control, so fg/bg/disown fail; `jobs` reports the background jobs it knows
// as Running (a script's ksh learns of their end only when it reports them;
// with `set -o monitor`, or -i, it learns at once and says how each ended)
// and forgets the finished ones once reported.
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

bool has_finished(pid_t pid) {
  siginfo_t info{};
  // WNOWAIT: the status stays for a later `wait`.
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return errno == ECHILD;
  return info.si_pid == pid;
}

// A job's state as `jobs` spells it, in a field of 25 after "[N] + ".
std::string job_state(pid_t pid, bool monitor) {
  siginfo_t info{};
  if (!monitor) return " Running";
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    return errno == ECHILD ? " Done" : " Running";
  }
  if (info.si_pid != pid) return " Running";
  if (info.si_code == CLD_EXITED) return info.si_status == 0 ? " Done" : fmt::format(" Done({})", info.si_status);
  return ::strsignal(info.si_status);
}

int builtin_jobs(Shell& shell, std::vector<std::string>& argv) {
  bool pids_only = false, long_form = false;
  for (size_t i = 1; i < argv.size(); ++i) {
    if (argv[i] == "-p") pids_only = true;
    else if (argv[i] == "-l") long_form = true;
    else if (argv[i] != "-n") {
      shell.error(fmt::format("jobs: {}: no such job", argv[i]));
      return 1;
    }
  }
  auto& jobs = shell.background_jobs();
  std::string out;
  for (size_t k = jobs.size(); k-- > 0;) {
    const Shell::BackgroundJob& job = jobs[k];
    if (pids_only) {
      if (!has_finished(job.pid)) out += fmt::format("{}\n", job.pid);
      continue;
    }
    char mark = k + 1 == jobs.size() ? '+' : k + 2 == jobs.size() ? '-' : ' ';
    std::string pid = long_form ? fmt::format("{}\t", job.pid) : std::string();
    out += fmt::format("[{}] {} {}{:<25}<command unknown>\n", job.number, mark, pid,
                       job_state(job.pid, shell.options().monitor));
  }
  shell.out().write(out);
  jobs.erase(std::remove_if(jobs.begin(), jobs.end(), [](const Shell::BackgroundJob& job) { return has_finished(job.pid); }),
             jobs.end());
  return 0;
}

int builtin_no_job_control(Shell& shell, std::vector<std::string>& argv) {
  shell.error(fmt::format("{}: No job control", argv[0]));
  return 1;
}

}  // namespace

std::optional<pid_t> job_pid(Shell& shell, std::string_view spec) {
  const auto& jobs = shell.background_jobs();
  std::string_view which = spec.substr(1);
  if (which.empty() || which == "%" || which == "+") {
    if (!jobs.empty()) return jobs.back().pid;
  } else if (which == "-") {
    if (jobs.size() >= 2) return jobs[jobs.size() - 2].pid;
    if (!jobs.empty()) return jobs.back().pid;
  } else if (std::all_of(which.begin(), which.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    int number = std::atoi(std::string(which).c_str());
    for (const Shell::BackgroundJob& job : jobs) {
      if (job.number == number) return job.pid;
    }
  }
  // %NAME and %?TEXT name a job by its command, which a script's ksh does not know.
  return std::nullopt;
}

void register_job_builtins(BuiltinTable& table) {
  table["jobs"] = Builtin{builtin_jobs, false};
  table["fg"] = Builtin{builtin_no_job_control, false};
  table["bg"] = Builtin{builtin_no_job_control, false};
  table["disown"] = Builtin{builtin_no_job_control, false};
}

}  // namespace forklift::interp
