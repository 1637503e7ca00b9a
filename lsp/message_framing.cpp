#include "lsp/message_framing.h"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace forklift::lsp {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

}  // namespace

std::string frame_message(std::string_view body) {
  std::string framed = frame_header(body.size());
  framed += body;
  return framed;
}

std::string frame_header(size_t body_size) { return fmt::format("Content-Length: {}\r\n\r\n", body_size); }

std::optional<Frame> FrameParser::next() {
  if (skip_bytes_ > 0) {
    size_t skipped = std::min(skip_bytes_, buffer_.size() - consumed_);
    consumed_ += skipped;
    skip_bytes_ -= skipped;
    if (skip_bytes_ > 0) {
      compact();
      return std::nullopt;
    }
  }
  if (!pending_body_length_) {
    // Accept bare \n line endings too: some clients and hand-written tests use them.
    std::string_view rest = std::string_view(buffer_).substr(consumed_);
    size_t end = rest.find("\r\n\r\n");
    size_t separator = 4;
    if (size_t lf = rest.find("\n\n"); lf != std::string_view::npos && (end == std::string_view::npos || lf < end)) {
      end = lf;
      separator = 2;
    }
    if (end == std::string_view::npos) {
      compact();
      return std::nullopt;
    }
    std::string_view block = rest.substr(0, end);
    consumed_ += end + separator;
    if (auto error = parse_header_block(block)) return error;
  }
  size_t length = *pending_body_length_;
  if (buffer_.size() - consumed_ < length) {
    compact();
    return std::nullopt;
  }
  std::string body = buffer_.substr(consumed_, length);
  consumed_ += length;
  pending_body_length_.reset();
  compact();
  return Frame{std::move(body)};
}

std::optional<Frame> FrameParser::parse_header_block(std::string_view block) {
  std::optional<size_t> length;
  while (!block.empty()) {
    size_t eol = block.find('\n');
    std::string_view line = trim(block.substr(0, eol));
    block = eol == std::string_view::npos ? std::string_view{} : block.substr(eol + 1);
    if (line.empty()) continue;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return Frame{FramingError{fmt::format("malformed header line `{}`", line)}};
    if (!iequals(trim(line.substr(0, colon)), "Content-Length")) continue;
    std::string_view value = trim(line.substr(colon + 1));
    size_t parsed = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (ec != std::errc() || ptr != value.data() + value.size()) {
      return Frame{FramingError{fmt::format("invalid Content-Length `{}`", value)}};
    }
    length = parsed;
  }
  if (!length) return Frame{FramingError{"header block without Content-Length"}};
  if (*length > kMaxBodyBytes) {
    skip_bytes_ = *length;
    return Frame{FramingError{fmt::format("message of {} bytes exceeds the limit of {} bytes", *length, kMaxBodyBytes)}};
  }
  pending_body_length_ = length;
  return std::nullopt;
}

void FrameParser::compact() {
  // Drop consumed bytes once they dominate the buffer, keeping appends amortised O(1).
  if (consumed_ > 0 && consumed_ * 2 >= buffer_.size()) {
    buffer_.erase(0, consumed_);
    consumed_ = 0;
  }
}

}  // namespace forklift::lsp
