#include "analyzer/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace forklift {
namespace {

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

std::optional<std::string> refusal(const struct stat& st, uint64_t max_bytes) {
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (!S_ISREG(st.st_mode)) return fmt::format("not a regular file ({})", file_kind_name(st.st_mode));
  if (static_cast<uint64_t>(st.st_size) > max_bytes) {
    return fmt::format("file is {} bytes, above the limit of {} bytes", st.st_size, max_bytes);
  }
  return std::nullopt;
}

}  // namespace

const char* file_kind_name(unsigned mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symlink";
  return S_ISREG(mode) ? "a regular file" : "an unknown kind of file";
}

RegularFileRead read_regular_file(const std::string& path, uint64_t max_bytes) {
  auto failed = [](std::string why) { return RegularFileRead{std::nullopt, std::move(why)}; };
  // stat first so that a device is never opened (opening some has effects);
  // fstat after the non-blocking open in case the path changed in between.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return failed(std::strerror(errno));
  if (auto refused = refusal(st, max_bytes)) return failed(*refused);
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0) return failed(std::strerror(errno));
  if (::fstat(fd.get(), &st) != 0) return failed(std::strerror(errno));
  if (auto refused = refusal(st, max_bytes)) return failed(*refused);
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return failed(fmt::format("read error: {}", std::strerror(errno)));
    if (n == 0) break;
    text.append(buffer, static_cast<size_t>(n));
    // A file that grows while read is cut off at the limit rather than read forever.
    if (text.size() > max_bytes) {
      return failed(fmt::format("file is more than {} bytes, above the limit", max_bytes));
    }
  }
  return {std::move(text), {}};
}

}  // namespace forklift
