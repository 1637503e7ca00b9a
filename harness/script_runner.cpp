#include "harness/script_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>

#include <fmt/format.h>

#include "harness/bench/process_count.h"
#include "harness/sandbox/bubblewrap.h"
#include "harness/script_spawn.h"
#include "interp/exec/process_launcher.h"

namespace forklift::harness {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The temporary directory of one run: `top/` holds the script copy, the stdin
// file and bash's seed file; `top/work/` is the script's working directory.
// Removed with everything in it on destruction.
class Sandbox {
 public:
  Sandbox() {
    std::string pattern = (fs::temp_directory_path() / "forklift-run-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::system_error(errno, std::generic_category(), "cannot create a temporary directory");
    }
    top_ = pattern;
    fs::create_directory(work());
  }
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;
  ~Sandbox() {
    std::error_code ignored;
    make_writable(top_);
    fs::remove_all(top_, ignored);
  }

  fs::path top() const { return top_; }
  fs::path work() const { return top_ / "work"; }

  fs::path write_beside(const std::string& name, const std::string& content) const {
    fs::path path = top_ / name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }

 private:
  // A script may leave read-only directories, which remove_all cannot empty.
  static void make_writable(const fs::path& root) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_directory(ec) && !it->is_symlink(ec)) {
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
      }
    }
  }

  fs::path top_;
};

std::string read_whole_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void copy_inputs(const std::vector<fs::path>& inputs, const fs::path& work) {
  for (const fs::path& input : inputs) {
    if (!fs::exists(input)) throw std::runtime_error(fmt::format("input {}: no such file", input.string()));
    fs::copy(input, work / input.filename(),
             fs::copy_options::recursive | fs::copy_options::copy_symlinks | fs::copy_options::overwrite_existing);
  }
}

// What a script left in its working directory: regular files by content,
// symlinks by target, directories that hold nothing as "dir/" → "".
std::map<std::string, std::string> collect_files(const fs::path& work) {
  std::map<std::string, std::string> files;
  std::size_t collected = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(work, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::string name = it->path().lexically_relative(work).string();
    if (it->is_symlink(ec)) {
      files[name] = "symlink -> " + fs::read_symlink(it->path(), ec).string();
    } else if (it->is_directory(ec)) {
      if (fs::is_empty(it->path(), ec)) files[name + "/"] = "";
    } else if (it->is_regular_file(ec)) {
      std::uintmax_t size = it->file_size(ec);
      std::size_t room = collected >= kMaxCollectedBytes ? 0 : kMaxCollectedBytes - collected;
      std::size_t keep = std::min<std::uintmax_t>({size, kMaxFileBytes, room});
      std::string content = read_whole_file(it->path()).substr(0, keep);
      if (keep < size) content += fmt::format("\n[forklift: cut after {} of {} bytes]\n", keep, size);
      collected += keep;
      files[name] = std::move(content);
    } else {
      files[name] = "[special file]";
    }
  }
  return files;
}

std::vector<std::string> fixed_environment(const ScriptRun& run, const Sandbox& box) {
  std::vector<std::string> env;
  if (const char* path = std::getenv("PATH")) env.push_back(std::string("PATH=") + path);
  env.push_back("LC_ALL=C.UTF-8");
  env.push_back("TZ=UTC");
  env.push_back("HOME=" + box.work().string());
  std::string seed = std::to_string(kRandomSeed);
  env.push_back("RANDOM=" + seed);
  env.push_back("FORKLIFT_RANDOM_SEED=" + seed);
  env.push_back("BASH_ENV=" + box.write_beside("bash_env", "RANDOM=" + seed + "\n").string());
  for (const auto& [name, value] : run.env) env.push_back(name + "=" + value);
  return env;
}

// argv for the shell: `forklift run SCRIPT ARGS…` or `SHELL SCRIPT ARGS…`.
// Empty program when the shell cannot be found.
std::vector<std::string> command_line(const ScriptRun& run, const std::string& script_arg) {
  std::string program;
  std::vector<std::string> argv;
  if (run.shell == "forklift") {
    program = run.forklift_binary.empty() ? fs::read_symlink("/proc/self/exe").string() : run.forklift_binary.string();
    argv = {program, "run"};
  } else {
    const char* path = std::getenv("PATH");
    program = interp::ProcessLauncher().resolve(run.shell, path != nullptr ? path : "");
    if (::access(program.c_str(), X_OK) != 0) program.clear();
    argv = {program};
  }
  if (program.empty()) return {};
  argv.push_back(script_arg);
  argv.insert(argv.end(), run.args.begin(), run.args.end());
  return argv;
}

void read_available(UniqueFd& fd, std::string& sink, char* buffer, std::size_t size) {
  ssize_t n = ::read(fd.get(), buffer, size);
  if (n > 0) {
    sink.append(buffer, static_cast<std::size_t>(n));
  } else if (n == 0 || errno != EINTR) {
    fd.reset();
  }
}

// Reads both pipes until the child exits, or the deadline or the output limit
// passes. Either way the whole process group is killed then (background jobs
// the script left would keep the pipes open). Returns why the run was cut
// short, or "" when it was not.
std::string collect_output(ShellProcess& child, std::chrono::milliseconds timeout, RunOutcome& outcome, int& wait_status,
                           rusage& usage) {
  // glibc 2.36 declares pidfd_open without C linkage for C++: call it directly.
  UniqueFd exited(static_cast<int>(::syscall(SYS_pidfd_open, child.pid, 0)));
  if (exited.get() < 0) throw std::system_error(errno, std::generic_category(), "pidfd_open");
  Clock::time_point deadline = Clock::now() + timeout;
  std::string cut_short;
  char buffer[65536];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      cut_short = fmt::format("timed out after {:g} s", static_cast<double>(timeout.count()) / 1000.0);
    } else if (outcome.out.size() > kMaxOutputBytes || outcome.err.size() > kMaxOutputBytes) {
      cut_short = fmt::format("stopped: {} exceeded {} MiB", outcome.out.size() > kMaxOutputBytes ? "stdout" : "stderr",
                              kMaxOutputBytes >> 20);
    }
    if (!cut_short.empty()) break;
    pollfd fds[3] = {{exited.get(), POLLIN, 0}, {child.out.get(), POLLIN, 0}, {child.err.get(), POLLIN, 0}};
    int ready = ::poll(fds, 3, static_cast<int>(std::min<int64_t>(left, 1 << 30)));
    if (ready < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
    if (ready <= 0) continue;
    if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) read_available(child.out, outcome.out, buffer, sizeof buffer);
    if ((fds[2].revents & (POLLIN | POLLHUP | POLLERR)) != 0) read_available(child.err, outcome.err, buffer, sizeof buffer);
    if ((fds[0].revents & POLLIN) != 0) break;
  }
  end_shell(child, wait_status, usage);
  // What is still buffered in the pipes; a process that left the group may
  // hold them open, so never wait for their end.
  for (auto [fd, sink] : {std::pair{&child.out, &outcome.out}, std::pair{&child.err, &outcome.err}}) {
    if (fd->get() < 0) continue;
    ::fcntl(fd->get(), F_SETFL, O_NONBLOCK);
    while (fd->get() >= 0 && sink->size() <= kMaxOutputBytes) read_available(*fd, *sink, buffer, sizeof buffer);
  }
  return cut_short;
}

// A sandbox limit the script ran into that it may not have reported: a file
// it wrote is as large as a file may be. "" when none.
std::string limit_reached(const fs::path& work, const ResourceLimits& limits) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(work, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file(ec) && !it->is_symlink(ec) && it->file_size(ec) >= limits.file_bytes) {
      return fmt::format("stopped: {} reached the sandbox's file size limit of {} MiB",
                         it->path().lexically_relative(work).string(), limits.file_bytes >> 20);
    }
  }
  return "";
}

std::chrono::nanoseconds cpu_time(const rusage& usage) {
  auto of = [](const timeval& tv) { return std::chrono::seconds(tv.tv_sec) + std::chrono::microseconds(tv.tv_usec); };
  return of(usage.ru_utime) + of(usage.ru_stime);
}


// The script as the shell is told about it: a copy beside the working
// directory, which every sandbox can read (the script's own directory may
// be hidden, as /tmp is by the private one).
std::string script_argument(const ScriptRun& run, const Sandbox& box) {
  std::string name = run.script_name.empty() ? run.script.filename().string() : run.script_name;
  if (name.find('/') != std::string::npos) throw std::runtime_error("script name " + name + " contains '/'");
  box.write_beside(name, read_whole_file(run.script));
  return "../" + name;
}

// Why the sandbox of this run could not be made, so that the script never
// ran; "" when it was.
std::string sandbox_failure(const ScriptRun& run, const ShellProcess& child, const RunOutcome& outcome) {
  if (run.sandbox.kind != SandboxKind::Bubblewrap) return "";
  std::string message = bubblewrap_setup_error(outcome.exit_status, outcome.out, outcome.err);
  if (child.sandbox_failed && message.empty()) {
    message = outcome.err.empty() ? fmt::format("bwrap exited with status {} before making it", outcome.exit_status)
                                  : outcome.err.substr(0, outcome.err.find('\n'));
  }
  return message.empty() ? "" : "cannot set up the sandbox (bubblewrap): " + message;
}

}  // namespace

RunOutcome run_script(const ScriptRun& run) {
  RunOutcome outcome;
  try {
    if (!fs::is_regular_file(run.script)) {
      outcome.error = "cannot read " + run.script.string() + ": no such file";
      return outcome;
    }
    Sandbox box;
    outcome.sandbox_dir = box.top().string();
    copy_inputs(run.inputs, box.work());
    std::vector<std::string> argv = command_line(run, script_argument(run, box));
    if (argv.empty()) {
      outcome.error = "shell not found: " + run.shell;
      return outcome;
    }
    std::vector<std::string> env = fixed_environment(run, box);
    std::string stdin_path = run.stdin_data ? box.write_beside("stdin", *run.stdin_data).string() : "/dev/null";

    ShellLaunch launch{std::move(argv), std::move(env), box.work().string(), stdin_path, box.top().string(),
                       run.sandbox,     limits_for(run.timeout), run.count_processes};
    Clock::time_point start = Clock::now();
    ShellProcess child = spawn_shell(launch);
    int wait_status = 0;
    rusage usage{};
    std::string cut_short = collect_output(child, run.timeout, outcome, wait_status, usage);
    outcome.wall = Clock::now() - start;
    outcome.cpu = cpu_time(usage);
    outcome.exit_status = bench::shell_status(wait_status);
    if (child.counted) {
      if (auto report = bench::read_counted_report(*child.counted)) {
        if (report->setup_error != 0) {
          throw SandboxSetupError(fmt::format("cannot set up the sandbox (namespaces): cannot {}: {}",
                                               report->setup_step, std::strerror(report->setup_error)));
        }
        outcome.exit_status = bench::shell_status(report->wait_status);
        if (child.report_processes) outcome.processes = report->processes;
      }
    }
    if (std::string failure = sandbox_failure(run, child, outcome); !failure.empty()) throw SandboxSetupError(failure);
    if (cut_short.empty() && run.sandbox.kind != SandboxKind::None) cut_short = limit_reached(box.work(), launch.limits);
    outcome.ran = cut_short.empty();
    outcome.error = cut_short;
    if (run.keep_files) outcome.files = collect_files(box.work());
  } catch (const SandboxSetupError& e) {
    outcome.ran = false;
    outcome.sandbox_failed = true;
    outcome.error = e.what();
  } catch (const std::exception& e) {
    outcome.ran = false;
    outcome.error = e.what();
  }
  return outcome;
}

}  // namespace forklift::harness
