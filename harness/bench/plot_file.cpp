#include "harness/bench/plot_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace forklift::harness::bench {
namespace {

namespace fs = std::filesystem;

std::string folder_of(const std::string& path) {
  fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

mode_t default_file_mode() {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

bool write_all(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

std::optional<std::string> plot_path_problem(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return fmt::format("{}: is a directory", path);
  std::string folder = folder_of(path);
  if (!fs::is_directory(folder, ec)) return fmt::format("{}: no such directory", folder);
  if (access(folder.c_str(), W_OK | X_OK) != 0) {
    return fmt::format("{}: cannot write there: {}", folder, std::strerror(errno));
  }
  return std::nullopt;
}

std::optional<std::string> write_new_file_atomically(const std::string& path, const std::string& text) {
  std::string temporary = fmt::format("{}/.{}.XXXXXX", folder_of(path), fs::path(path).filename().string());
  int fd = mkstemp(temporary.data());
  if (fd < 0) return fmt::format("{}: cannot create a temporary file: {}", path, std::strerror(errno));
  bool written = fchmod(fd, default_file_mode()) == 0 && write_all(fd, text) && fsync(fd) == 0;
  int saved = errno;
  if (close(fd) != 0 && written) {
    written = false;
    saved = errno;
  }
  if (written && rename(temporary.c_str(), path.c_str()) == 0) return std::nullopt;
  if (written) saved = errno;
  unlink(temporary.c_str());
  return fmt::format("{}: cannot write it: {}", path, std::strerror(saved));
}

}  // namespace forklift::harness::bench
