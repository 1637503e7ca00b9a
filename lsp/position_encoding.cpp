#include "lsp/position_encoding.h"

#include <algorithm>

namespace forklift::lsp {
namespace {

// Length of the UTF-8 sequence at text[at], or 1 for a byte that does not
// start a valid one (editors show such a byte as one replacement character,
// as SourceFile counts it).
uint32_t sequence_length(std::string_view text, uint32_t at) {
  auto byte = static_cast<unsigned char>(text[at]);
  uint32_t len = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 1;
  if (at + len > text.size()) return 1;
  for (uint32_t k = 1; k < len; ++k) {
    if ((static_cast<unsigned char>(text[at + k]) & 0xC0) != 0x80) return 1;
  }
  return len;
}

// The offset in [start, end) where `units` UTF-16 code units have been
// walked; a position inside a surrogate pair means the end of that character.
uint32_t offset_after_utf16_units(std::string_view text, uint32_t start, uint32_t end, uint32_t units) {
  uint32_t offset = start;
  uint32_t walked = 0;
  while (offset < end && walked < units) {
    uint32_t len = sequence_length(text, offset);
    walked += len == 4 ? 2 : 1;
    offset += len;
  }
  return std::min(offset, end);
}

}  // namespace

std::string_view position_encoding_name(PositionEncoding encoding) {
  return encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16";
}

PositionEncoding negotiate_position_encoding(const std::vector<std::string>& offered) {
  bool utf8 = std::find(offered.begin(), offered.end(), "utf-8") != offered.end();
  return utf8 ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
}

uint32_t offset_of(const SourceFile& file, Position position, PositionEncoding encoding) {
  uint32_t line = position.line + 1;
  if (line > file.line_count()) return file.size();
  uint32_t start = file.line_start(line);
  auto length = static_cast<uint32_t>(file.line_text(line).size());
  if (encoding == PositionEncoding::Utf16) {
    return offset_after_utf16_units(file.text(), start, start + length, position.character);
  }
  uint32_t offset = start + std::min(position.character, length);
  const std::string& text = file.text();
  while (offset < start + length && (static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) ++offset;
  return offset;
}

Position position_of(const SourceFile& file, uint32_t offset, PositionEncoding encoding) {
  forklift::Position p = file.position(offset);
  uint32_t column = encoding == PositionEncoding::Utf16 ? p.utf16_column : p.column;
  return {p.line - 1, column - 1};
}

Range range_of(const SourceFile& file, uint32_t begin, uint32_t end, PositionEncoding encoding) {
  return {position_of(file, begin, encoding), position_of(file, end, encoding)};
}

}  // namespace forklift::lsp
