// The LSP base protocol: each message is a header block (`Content-Length: N`,
// optionally `Content-Type: ...`, each line ending in \r\n, then an empty line)
// followed by N bytes of JSON.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace forklift::lsp {

std::string frame_message(std::string_view body);
// The header frame_message puts before a body of `body_size` bytes.
std::string frame_header(size_t body_size);

// A header block we could not use; the bytes up to its end were dropped.
struct FramingError {
  std::string message;
};

using Frame = std::variant<std::string, FramingError>;  // a body, or what went wrong

// Splits a byte stream into message bodies. Bytes arrive in arbitrary chunks.
class FrameParser {
 public:
  // Bodies above this are refused (the header's block is skipped) instead of
  // buffering without bound.
  static constexpr size_t kMaxBodyBytes = 256u << 20;

  void feed(std::string_view bytes) { buffer_.append(bytes); }
  // The next complete frame, or nullopt when more bytes are needed.
  std::optional<Frame> next();
  // True when bytes of an unfinished message are buffered (at end of input).
  bool has_partial_message() const { return consumed_ < buffer_.size(); }

 private:
  std::optional<Frame> parse_header_block(std::string_view block);
  void compact();

  std::string buffer_;
  size_t consumed_ = 0;
  std::optional<size_t> pending_body_length_;
  size_t skip_bytes_ = 0;
};

}  // namespace forklift::lsp
