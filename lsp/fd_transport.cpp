#include "lsp/fd_transport.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace forklift::lsp {

FdTransport::FdTransport(int in_fd, int out_fd) : in_fd_(in_fd), out_fd_(out_fd) {
  if (::pipe2(wake_pipe_, O_CLOEXEC | O_NONBLOCK) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
}

FdTransport::~FdTransport() {
  ::close(wake_pipe_[0]);
  ::close(wake_pipe_[1]);
}

void FdTransport::close_input() {
  char byte = 1;
  // The pipe only has to become readable; a full pipe already is.
  [[maybe_unused]] auto written = ::write(wake_pipe_[1], &byte, 1);
}

size_t FdTransport::read_some(std::span<char> buffer) {
  pollfd fds[2] = {{in_fd_, POLLIN, 0}, {wake_pipe_[0], POLLIN, 0}};
  while (true) {
    int ready = ::poll(fds, 2, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return 0;
    }
    if (fds[1].revents != 0) return 0;
    if (fds[0].revents == 0) continue;
    ssize_t count = ::read(in_fd_, buffer.data(), buffer.size());
    if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    return count > 0 ? static_cast<size_t>(count) : 0;
  }
}

void FdTransport::write_all(std::string_view bytes) {
  while (!bytes.empty() && !output_broken_) {
    ssize_t count = ::write(out_fd_, bytes.data(), bytes.size());
    if (count < 0) {
      if (errno == EINTR) continue;
      output_broken_ = true;
      return;
    }
    bytes.remove_prefix(static_cast<size_t>(count));
  }
}

}  // namespace forklift::lsp
