// A script's bytes and the map from byte offsets to lines and columns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace forklift {

struct Position {
  uint32_t line = 1;          // 1-based
  uint32_t column = 1;        // 1-based, in bytes
  uint32_t utf16_column = 1;  // 1-based, in UTF-16 code units (LSP's default)
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  uint32_t size() const { return static_cast<uint32_t>(text_.size()); }
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

  Position position(uint32_t offset) const;
  // Byte offset of a 1-based line and 0-based UTF-16 column (clamped to the line).
  uint32_t offset_of_utf16(uint32_t line, uint32_t utf16_column) const;
  uint32_t line_start(uint32_t line) const { return line_starts_.at(line - 1); }
  std::string_view line_text(uint32_t line) const;  // without the line ending

 private:
  std::string path_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

struct LoadLimits {
  uint64_t max_bytes = 16u << 20;
};

struct LoadResult {
  std::optional<SourceFile> file;
  std::string error;  // "PATH: reason" when file is empty
};

// Reads a file, refusing what is not a shell script: unreadable paths, what is
// not a regular file (never read), too large files, binaries (NUL in 8 KiB).
LoadResult load_source(const std::string& path, const LoadLimits& limits = {});
// The same checks for bytes already in memory (stdin, an editor buffer).
LoadResult make_source(std::string path, std::string text, const LoadLimits& limits = {});

}  // namespace forklift
