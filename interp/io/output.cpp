#include "interp/io/output.h"

#include <unistd.h>

#include <cerrno>

namespace forklift::interp {

bool Output::write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

bool Output::flush() {
  if (buffer_.empty()) return true;
  bool ok = write_all(1, buffer_);
  buffer_.clear();
  return ok;
}

}  // namespace forklift::interp
