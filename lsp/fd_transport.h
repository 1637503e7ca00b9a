// A transport over file descriptors: `forklift lsp` on stdin/stdout.
#pragma once

#include <atomic>

#include "lsp/transport.h"

namespace forklift::lsp {

class FdTransport : public FramedTransport {
 public:
  // Does not take ownership of in_fd/out_fd.
  FdTransport(int in_fd, int out_fd);
  ~FdTransport() override;
  FdTransport(const FdTransport&) = delete;
  FdTransport& operator=(const FdTransport&) = delete;

  void close_input() override;

 protected:
  size_t read_some(std::span<char> buffer) override;
  // A client that went away (EPIPE) is not an error here: the read side sees
  // end of input and the server stops.
  void write_all(std::string_view bytes) override;

 private:
  int in_fd_;
  int out_fd_;
  int wake_pipe_[2] = {-1, -1};  // written by close_input to interrupt poll()
  std::atomic<bool> output_broken_ = false;
};

}  // namespace forklift::lsp
