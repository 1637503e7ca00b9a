#include "rewriter/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

namespace forklift {
namespace {

std::string os_error(std::string_view what) { return fmt::format("{}: {}", what, std::strerror(errno)); }

// Closes the descriptor and removes the temporary file unless it was renamed.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string pattern) : path_(std::move(pattern)), fd_(mkstemp(path_.data())) {
    created_ = fd_ >= 0;
  }
  ~TemporaryFile() {
    if (fd_ >= 0) close(fd_);
    if (created_ && !renamed_) unlink(path_.c_str());
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  bool close_checked() { return close(std::exchange(fd_, -1)) == 0; }
  void mark_renamed() { renamed_ = true; }

 private:
  std::string path_;
  int fd_;
  bool created_ = false;
  bool renamed_ = false;
};

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

std::optional<std::string> read_all(int fd) {
  std::string text;
  char buffer[1 << 16];
  while (true) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return std::nullopt;
    if (n == 0) return text;
    text.append(buffer, static_cast<size_t>(n));
  }
}

// The file as it is now: refuses anything but an unchanged, writable regular file.
std::optional<std::string> check_current(const std::string& path, std::string_view expected_text, struct stat& st) {
  int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return os_error(fmt::format("{}: cannot open", path));
  auto contents = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read_all(fd) : std::nullopt;
  close(fd);
  if (!S_ISREG(st.st_mode)) return fmt::format("{}: not a regular file", path);
  if (!contents) return os_error(fmt::format("{}: cannot read", path));
  if (*contents != expected_text) return fmt::format("{}: changed on disk since it was read; not written", path);
  if ((st.st_mode & 0222) == 0 || access(path.c_str(), W_OK) != 0) {
    return fmt::format("{}: read-only file (mode {:04o}); not written", path, st.st_mode & 07777);
  }
  return std::nullopt;
}

bool same_file_unchanged(const std::string& path, const struct stat& before) {
  struct stat now {};
  return lstat(path.c_str(), &now) == 0 && now.st_dev == before.st_dev && now.st_ino == before.st_ino &&
         now.st_size == before.st_size && now.st_mtim.tv_sec == before.st_mtim.tv_sec &&
         now.st_mtim.tv_nsec == before.st_mtim.tv_nsec;
}

std::filesystem::path folder_of(const std::string& path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

mode_t default_file_mode() {
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

// Hidden beside `path`, in `dir`, so that the rename stays on one file system.
std::string temporary_pattern(const std::filesystem::path& dir, const std::string& path) {
  return (dir / ("." + std::filesystem::path(path).filename().string() + ".forklift-XXXXXX")).string();
}

void fsync_directory(const std::filesystem::path& dir) {
  int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  fsync(fd);
  close(fd);
}

}  // namespace

std::optional<std::string> replace_file_atomically(const std::string& path, std::string_view expected_text,
                                                   std::string_view new_text) {
  struct stat original {};
  if (auto refusal = check_current(path, expected_text, original)) return refusal;

  std::filesystem::path dir = folder_of(path);
  TemporaryFile temp(temporary_pattern(dir, path));
  if (temp.fd() < 0) return os_error(fmt::format("{}: cannot create a temporary file in {}", path, dir.string()));

  if (!write_all(temp.fd(), new_text)) return os_error(fmt::format("{}: cannot write {}", path, temp.path()));
  // Owner first: chown clears set-user-ID and set-group-ID bits, fchmod restores them.
  if (fchown(temp.fd(), original.st_uid, original.st_gid) != 0) {
    return os_error(fmt::format("{}: cannot keep the owner {}:{}", path, original.st_uid, original.st_gid));
  }
  if (fchmod(temp.fd(), original.st_mode & 07777) != 0) return os_error(fmt::format("{}: cannot keep the mode", path));
  if (fsync(temp.fd()) != 0) return os_error(fmt::format("{}: cannot flush {}", path, temp.path()));
  if (!temp.close_checked()) return os_error(fmt::format("{}: cannot close {}", path, temp.path()));

  if (!same_file_unchanged(path, original)) return fmt::format("{}: changed on disk while fixing; not written", path);
  if (rename(temp.path().c_str(), path.c_str()) != 0) return os_error(fmt::format("{}: cannot replace", path));
  temp.mark_renamed();
  // Makes the rename durable; if this fails the name still points at a whole
  // file (old or new after a crash), so it is not an error to report.
  fsync_directory(dir);
  return std::nullopt;
}

std::optional<std::string> write_new_file_atomically(const std::string& path, std::string_view text) {
  std::filesystem::path dir = folder_of(path);
  TemporaryFile temp(temporary_pattern(dir, path));
  if (temp.fd() < 0) return os_error(fmt::format("{}: cannot create a temporary file in {}", path, dir.string()));
  if (fchmod(temp.fd(), default_file_mode()) != 0 || !write_all(temp.fd(), text) || fsync(temp.fd()) != 0 ||
      !temp.close_checked()) {
    return os_error(fmt::format("{}: cannot write it", path));
  }
  if (rename(temp.path().c_str(), path.c_str()) != 0) return os_error(fmt::format("{}: cannot write it", path));
  temp.mark_renamed();
  fsync_directory(dir);
  return std::nullopt;
}

}  // namespace forklift
