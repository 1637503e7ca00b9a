#include "lsp/shfmt_formatter.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace forklift::lsp {
namespace {

namespace fs = std::filesystem;

constexpr auto kTimeout = std::chrono::seconds(10);

// shfmt has no ksh93 dialect: mksh is the nearest it parses (`function f {`,
// `[[ ]]`, `typeset`).
std::string_view shfmt_dialect(Dialect dialect) {
  switch (dialect) {
    case Dialect::Sh: return "posix";
    case Dialect::Bash: return "bash";
    case Dialect::Ksh:
    case Dialect::Mksh: return "mksh";
  }
  return "bash";
}

bool has_editorconfig(const std::string& path) {
  if (path.empty()) return false;
  std::error_code error;
  for (fs::path dir = fs::absolute(path, error).parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".editorconfig", error)) return true;
    if (dir == dir.root_path()) break;
  }
  return false;
}

// A temporary file removed when the object goes.
class TempFile {
 public:
  TempFile() {
    std::string pattern = (fs::temp_directory_path() / "forklift-shfmt-XXXXXX").string();
    int fd = mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error("shfmt: cannot create a temporary file");
    close(fd);
    path_ = pattern;
  }
  ~TempFile() { unlink(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string path_;
};

// The exit status, or -1 when shfmt ran over the time limit (it is killed).
int wait_with_deadline(pid_t pid) {
  auto deadline = std::chrono::steady_clock::now() + kTimeout;
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string find_shfmt() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    fs::path candidate = fs::path(dir) / "shfmt";
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

std::vector<std::string> shfmt_arguments(const ShfmtRequest& request) {
  std::vector<std::string> args;
  if (!has_editorconfig(request.path)) {
    args = {"-ln", std::string(shfmt_dialect(request.dialect)), "-i",
            std::to_string(request.options.insert_spaces ? request.options.tab_size : 0)};
  }
  if (!request.path.empty()) args.insert(args.end(), {"--filename", request.path});
  return args;
}

std::string run_shfmt(const std::string& shfmt, const ShfmtRequest& request) {
  TempFile input, output, errors;
  std::ofstream(input.path(), std::ios::binary) << request.text;
  std::vector<std::string> argv_storage{shfmt};
  for (std::string& arg : shfmt_arguments(request)) argv_storage.push_back(std::move(arg));
  std::vector<char*> argv;
  for (std::string& arg : argv_storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, input.path().c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, 2, errors.path().c_str(), O_WRONLY | O_TRUNC, 0);
  pid_t pid = 0;
  int spawn_error = posix_spawn(&pid, shfmt.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error != 0) throw std::runtime_error(fmt::format("cannot run {}: {}", shfmt, std::strerror(spawn_error)));

  int status = wait_with_deadline(pid);
  if (status == -1) throw std::runtime_error("shfmt did not finish within 10 seconds");
  if (status != 0) {
    std::string message = errors.read();
    while (!message.empty() && message.back() == '\n') message.pop_back();
    throw std::runtime_error(fmt::format("shfmt: {}", message.empty() ? fmt::format("exit status {}", status) : message));
  }
  return output.read();
}

}  // namespace forklift::lsp
