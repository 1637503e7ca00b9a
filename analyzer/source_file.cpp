#include "analyzer/source_file.h"

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/regular_file.h"

namespace forklift {
namespace {

// Length of the UTF-8 sequence at text[i] if it is valid and ends before
// `to`; an invalid byte is a sequence of one, as editors display it as one
// replacement character.
uint32_t sequence_length(std::string_view text, uint32_t i, uint32_t to) {
  auto byte = static_cast<unsigned char>(text[i]);
  uint32_t len = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 1;
  if (i + len > to) return 1;
  for (uint32_t k = 1; k < len; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  }
  return len;
}

uint32_t utf16_width(uint32_t sequence_length) { return sequence_length == 4 ? 2 : 1; }

// UTF-16 units taken by the bytes [from, to) of a line.
uint32_t utf16_units(std::string_view text, uint32_t from, uint32_t to) {
  uint32_t units = 0;
  for (uint32_t i = from; i < to;) {
    uint32_t len = sequence_length(text, i, to);
    units += utf16_width(len);
    i += len;
  }
  return units;
}

}  // namespace

SourceFile::SourceFile(std::string path, std::string text) : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

Position SourceFile::position(uint32_t offset) const {
  offset = std::min(offset, size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line = static_cast<uint32_t>(it - line_starts_.begin());
  uint32_t start = line_starts_[line - 1];
  return {line, offset - start + 1, utf16_units(text_, start, offset) + 1};
}

uint32_t SourceFile::offset_of_utf16(uint32_t line, uint32_t utf16_column) const {
  if (line == 0) return 0;
  if (line > line_count()) return size();
  uint32_t start = line_starts_[line - 1];
  uint32_t end = start + static_cast<uint32_t>(line_text(line).size());
  uint32_t offset = start;
  // A column inside a character (between surrogates) rounds forward to its end.
  for (uint32_t units = 0; offset < end && units < utf16_column;) {
    uint32_t len = sequence_length(text_, offset, end);
    units += utf16_width(len);
    offset += len;
  }
  return offset;
}

std::string_view SourceFile::line_text(uint32_t line) const {
  uint32_t start = line_start(line);
  uint32_t end = line < line_count() ? line_starts_[line] - 1 : size();
  if (end > start && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(start, end - start);
}

LoadResult make_source(std::string path, std::string text, const LoadLimits& limits) {
  if (text.size() > limits.max_bytes) {
    return {std::nullopt, fmt::format("{}: file is {} bytes, above the limit of {} bytes", path, text.size(), limits.max_bytes)};
  }
  std::string_view head = std::string_view(text).substr(0, 8192);
  if (auto nul = head.find('\0'); nul != std::string_view::npos) {
    return {std::nullopt, fmt::format("{}: not a shell script (NUL byte at offset {})", path, nul)};
  }
  return {SourceFile(std::move(path), std::move(text)), {}};
}

LoadResult load_source(const std::string& path, const LoadLimits& limits) {
  RegularFileRead read = read_regular_file(path, limits.max_bytes);
  if (!read.text) return {std::nullopt, fmt::format("{}: {}", path, read.reason)};
  return make_source(path, std::move(*read.text), limits);
}

}  // namespace forklift
