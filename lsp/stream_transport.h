// A transport over C++ streams: scripted in-memory conversations in tests.
#pragma once

#include <atomic>
#include <istream>
#include <ostream>

#include "lsp/transport.h"

namespace forklift::lsp {

class StreamTransport : public FramedTransport {
 public:
  StreamTransport(std::istream& in, std::ostream& out) : in_(in), out_(out) {}

  void close_input() override { closed_ = true; }

 protected:
  size_t read_some(std::span<char> buffer) override;
  void write_all(std::string_view bytes) override;

 private:
  std::istream& in_;
  std::ostream& out_;
  std::atomic<bool> closed_ = false;
};

}  // namespace forklift::lsp
