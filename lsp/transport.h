// Where messages come from and go to. The server speaks to this interface, so
// tests can drive it through memory and `forklift lsp` through stdin/stdout.
#pragma once

#include <cstddef>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "lsp/message_framing.h"

namespace forklift::lsp {

struct EndOfInput {};

using Incoming = std::variant<std::string, FramingError, EndOfInput>;

class Transport {
 public:
  virtual ~Transport() = default;
  // Blocks until a message body arrives, a header block is unusable, or the
  // input ends (or close_input was called). Called from one thread only.
  virtual Incoming read() = 0;
  // Sends one message body; safe to call from several threads.
  virtual void write(std::string_view body) = 0;
  // Makes a blocked or later read() return EndOfInput; callable from any thread.
  virtual void close_input() = 0;
};

// A transport over a byte channel: framing is done here, the channel only
// moves bytes.
class FramedTransport : public Transport {
 public:
  Incoming read() final;
  void write(std::string_view body) final;

 protected:
  // Reads up to buffer.size() bytes, blocking until at least one arrives;
  // returns 0 at end of input.
  virtual size_t read_some(std::span<char> buffer) = 0;
  virtual void write_all(std::string_view bytes) = 0;

 private:
  FrameParser parser_;
  std::mutex write_mutex_;
};

}  // namespace forklift::lsp
