#include "harness/sandbox/sandbox_choice.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "harness/bench/process_count.h"
#include "harness/sandbox/bubblewrap.h"
#include "harness/sandbox/confined_file_system.h"
#include "interp/exec/process_launcher.h"

extern char** environ;

namespace forklift::harness {
namespace {

namespace fs = std::filesystem;

// A scratch run directory for the probes, removed afterwards.
class ProbeDir {
 public:
  ProbeDir() {
    std::string pattern = (fs::temp_directory_path() / "forklift-probe-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ProbeDir(const ProbeDir&) = delete;
  ProbeDir& operator=(const ProbeDir&) = delete;
  ~ProbeDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string why_namespaces_fail() {
  ProbeDir dir;
  if (dir.path().empty()) return fmt::format("cannot create a temporary directory: {}", std::strerror(errno));
  ConfinedFileSystem file_system(dir.path());
  bench::Isolation isolation{true, [&file_system](const char** step) { return file_system.confine(step); }};
  auto spawn = bench::spawn_counted([] { _exit(0); }, bench::Leftovers::Kill, isolation);
  if (!spawn) return fmt::format("cannot create user, PID, mount and network namespaces: {}", std::strerror(errno));
  int status = 0;
  while (::waitpid(spawn->reaper, &status, 0) < 0 && errno == EINTR) {
  }
  std::optional<bench::CountedReport> report = bench::read_counted_report(*spawn);
  if (!report) return "the sandbox's first process died before reporting";
  if (report->setup_error != 0) {
    return fmt::format("cannot {} in a mount namespace: {}", report->setup_step, std::strerror(report->setup_error));
  }
  return "";
}

// Whether bwrap on PATH runs `true` in a sandbox like the real ones, under
// prlimit (and setpriv, under root); sets probe.bwrap, probe.prlimit and
// probe.setpriv when it does.
void probe_bwrap(SandboxProbe& probe) {
  const char* path = std::getenv("PATH");
  interp::ProcessLauncher launcher;
  std::string bwrap = launcher.resolve("bwrap", path != nullptr ? path : "");
  std::string prlimit = launcher.resolve("prlimit", path != nullptr ? path : "");
  std::string truth = launcher.resolve("true", path != nullptr ? path : "");
  bool root = ::geteuid() == 0;
  std::string setpriv = root ? launcher.resolve("setpriv", path != nullptr ? path : "") : "";
  ProbeDir dir;
  if (bwrap.empty() || prlimit.empty() || truth.empty() || (root && setpriv.empty()) || dir.path().empty()) return;
  if (root && !hand_run_dir_to_sandbox_user(dir.path()).empty()) return;
  std::vector<std::string> argv = bubblewrap_command(
      {bwrap, prlimit, dir.path(), dir.path(), {truth}, limits_for(std::chrono::seconds(10)), -1, setpriv});
  std::vector<char*> pointers;
  for (std::string& arg : argv) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, pointers[0], &actions, nullptr, pointers.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return;
  probe.bwrap = bwrap;
  probe.prlimit = prlimit;
  probe.setpriv = setpriv;
}

}  // namespace

std::string_view sandbox_name(SandboxKind kind) {
  switch (kind) {
    case SandboxKind::Namespaces: return "namespaces";
    case SandboxKind::Bubblewrap: return "bubblewrap";
    case SandboxKind::None: return "none";
  }
  return "";
}

const SandboxProbe& probe_sandboxes() {
  static std::once_flag probed;
  static SandboxProbe probe;
  std::call_once(probed, [] {
    probe.namespaces_refused = why_namespaces_fail();
    probe_bwrap(probe);
  });
  return probe;
}

SandboxChoice choose_sandbox(std::string_view requested, const SandboxProbe& probe) {
  SandboxChoice choice;
  bool automatic = requested == "auto";
  if (requested == "none") return choice;
  if (automatic || requested == "namespaces") {
    if (probe.namespaces_refused.empty()) {
      choice.kind = SandboxKind::Namespaces;
      return choice;
    }
    if (!automatic) {
      choice.error = "cannot sandbox the scripts with namespaces: " + probe.namespaces_refused;
      return choice;
    }
  }
  if (automatic || requested == "bubblewrap") {
    if (!probe.bwrap.empty()) {
      choice.kind = SandboxKind::Bubblewrap;
      choice.bwrap = probe.bwrap;
      choice.prlimit = probe.prlimit;
      choice.setpriv = probe.setpriv;
      return choice;
    }
    choice.error = automatic ? fmt::format("cannot sandbox the scripts: {}, and bubblewrap (bwrap) is not installed "
                                           "or does not work (it needs prlimit, and setpriv under root, from "
                                           "util-linux as well); install "
                                           "it (Debian: apt-get install bubblewrap), or pass --no-sandbox to run "
                                           "them with your full rights",
                                           probe.namespaces_refused)
                             : "cannot sandbox the scripts with bubblewrap: bwrap is not installed or does not work "
                               "(or prlimit, or setpriv under root, from util-linux, is missing)";
    return choice;
  }
  choice.error = fmt::format("unknown sandbox '{}' (expected auto, namespaces, bubblewrap or none)", requested);
  return choice;
}

}  // namespace forklift::harness
