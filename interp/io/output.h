// Buffered standard output. Builtins write here; the buffer is flushed
// before anything else may write to fd 1 (spawns, redirections) and at exit.
// While a command substitution runs in-process, output is captured into a
// string instead.
#pragma once

#include <string>
#include <string_view>

namespace forklift::interp {

class Output {
 public:
  Output() { buffer_.reserve(kCapacity); }
  ~Output() { flush(); }
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  void write(std::string_view data) {
    if (capture_ != nullptr) {
      capture_->append(data);
      return;
    }
    if (buffer_.size() + data.size() > kCapacity) {
      flush();
      if (data.size() >= kCapacity) {
        write_all(1, data);
        return;
      }
    }
    buffer_.append(data);
  }
  void put(char c) {
    if (capture_ != nullptr) {
      capture_->push_back(c);
      return;
    }
    if (buffer_.size() + 1 > kCapacity) flush();
    buffer_.push_back(c);
  }
  // Returns false when the write failed (EPIPE, closed fd).
  bool flush();

  std::string* capture() const { return capture_; }
  // Returns the previous capture target.
  std::string* set_capture(std::string* target) {
    if (capture_ == nullptr) flush();
    std::string* previous = capture_;
    capture_ = target;
    return previous;
  }

  // Writes everything to fd, retrying on EINTR; false on error.
  static bool write_all(int fd, std::string_view data);

 private:
  static constexpr size_t kCapacity = 64 * 1024;
  std::string buffer_;
  std::string* capture_ = nullptr;
};

}  // namespace forklift::interp
