// sleep and times: waiting (with traps run on signals), and the CPU times used.
#include <sys/times.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ctime>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

int builtin_sleep(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() < 2) {
    shell.error("sleep: argument expected");
    return 2;
  }
  double seconds = std::strtod(argv[1].c_str(), nullptr);
  shell.out().flush();
  struct timespec ts;
  ts.tv_sec = static_cast<time_t>(seconds);
  ts.tv_nsec = static_cast<long>((seconds - std::floor(seconds)) * 1e9);
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    shell.run_pending_traps();
  }
  return 0;
}

int builtin_times(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  struct tms t;
  ::times(&t);
  double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  auto f = [&](clock_t c) {
    double s = static_cast<double>(c) / tick;
    int m = static_cast<int>(s / 60);
    return fmt::format("{}m{:.2f}s", m, s - m * 60);
  };
  shell.out().write(fmt::format("{} {}\n{} {}\n", f(t.tms_utime), f(t.tms_stime), f(t.tms_cutime), f(t.tms_cstime)));
  return 0;
}

}  // namespace

void register_time_builtins(BuiltinTable& table) {
  table["sleep"] = Builtin{builtin_sleep, false};
  table["times"] = Builtin{builtin_times, true};
}

}  // namespace forklift::interp
