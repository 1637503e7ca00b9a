#include "harness/sandbox/bubblewrap.h"

#include <unistd.h>

#include <cstring>
#include <filesystem>

#include "harness/sandbox/resource_limits.h"

namespace forklift::harness {

std::vector<std::string> bubblewrap_command(const BubblewrapRun& run) {
  std::vector<std::string> command = {
      run.bwrap,
      "--ro-bind", "/", "/",
      // A minimal /dev of its own: null, zero, full, random, urandom, tty.
      "--dev", "/dev",
      // The private /tmp is as large as a file may be, and so bounded as well;
      // writable by all, as /tmp is, for the script may not be root.
      "--size", std::to_string(kSandboxFileBytes), "--perms", "1777", "--tmpfs", "/tmp",
      "--proc", "/proc",
      "--bind", run.run_dir, run.run_dir,
      "--unshare-net", "--unshare-pid", "--unshare-ipc",
      "--die-with-parent",
      // No way to push characters into the caller's terminal (TIOCSTI).
      "--new-session",
      // Run as root, bwrap would leave the script every capability (enough to
      // remount / read-write); unprivileged, it drops them itself.
      "--cap-drop", "ALL",
      "--chdir", run.cwd,
  };
  // Only until setpriv leaves root: bwrap changes into the run directory,
  // now the sandbox user's, with the capabilities it keeps; leaving root
  // clears them all, and bwrap sets no_new_privs and mounts everything
  // nosuid, so the script regains none.
  if (!run.setpriv.empty()) {
    command.insert(command.end(), {"--cap-add", "CAP_DAC_OVERRIDE", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"});
  }
  if (run.info_fd >= 0) command.insert(command.end(), {"--info-fd", std::to_string(run.info_fd)});
  command.push_back("--");
  std::vector<std::string> script = run.argv;
  if (!run.setpriv.empty()) {
    std::string id = std::to_string(kSandboxUserUnderRoot);
    script.insert(script.begin(), {run.setpriv, "--reuid=" + id, "--regid=" + id, "--clear-groups",
                                   "--inh-caps=-all", "--"});
  }
  std::vector<std::string> limited = prlimit_command(run.prlimit, within_hard_limits(run.limits), script);
  command.insert(command.end(), limited.begin(), limited.end());
  return command;
}

std::string hand_run_dir_to_sandbox_user(const std::string& run_dir) {
  namespace fs = std::filesystem;
  auto hand = [](const fs::path& path) -> std::string {
    if (::lchown(path.c_str(), kSandboxUserUnderRoot, kSandboxUserUnderRoot) == 0) return "";
    return "cannot hand " + path.string() + " to the sandbox's user: " + std::strerror(errno);
  };
  if (std::string error = hand(run_dir); !error.empty()) return error;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(run_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (std::string error = hand(it->path()); !error.empty()) return error;
  }
  return ec ? "cannot hand " + run_dir + " to the sandbox's user: " + ec.message() : "";
}

std::string bubblewrap_setup_error(int exit_status, const std::string& out, const std::string& err) {
  if (exit_status != 1 || !out.empty() ||
      !(err.starts_with("bwrap: ") || err.starts_with("prlimit: ") || err.starts_with("setpriv: "))) {
    return "";
  }
  return err.substr(0, err.find('\n'));
}

int bubblewrap_child_pid(const std::string& info) {
  size_t key = info.find("\"child-pid\"");
  if (key == std::string::npos) return -1;
  size_t digits = info.find_first_of("0123456789", key);
  if (digits == std::string::npos) return -1;
  int pid = 0;
  for (size_t i = digits; i < info.size() && info[i] >= '0' && info[i] <= '9' && pid < (1 << 26); ++i) {
    pid = pid * 10 + (info[i] - '0');
  }
  return pid > 0 ? pid : -1;
}

}  // namespace forklift::harness
