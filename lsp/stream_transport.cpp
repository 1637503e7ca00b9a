#include "lsp/stream_transport.h"

namespace forklift::lsp {

size_t StreamTransport::read_some(std::span<char> buffer) {
  if (closed_) return 0;
  in_.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  return static_cast<size_t>(in_.gcount());
}

void StreamTransport::write_all(std::string_view bytes) {
  out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out_.flush();
}

}  // namespace forklift::lsp
