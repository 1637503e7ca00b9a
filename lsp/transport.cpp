#include "lsp/transport.h"

#include <array>

namespace forklift::lsp {

Incoming FramedTransport::read() {
  std::array<char, 64 * 1024> chunk{};
  while (true) {
    if (auto frame = parser_.next()) {
      if (auto* body = std::get_if<std::string>(&*frame)) return std::move(*body);
      return std::get<FramingError>(std::move(*frame));
    }
    size_t count = read_some(chunk);
    if (count == 0) return EndOfInput{};
    parser_.feed(std::string_view(chunk.data(), count));
  }
}

void FramedTransport::write(std::string_view body) {
  std::lock_guard lock(write_mutex_);
  // Two writes rather than one framed copy: a body can be megabytes.
  write_all(frame_header(body.size()));
  write_all(body);
}

}  // namespace forklift::lsp
