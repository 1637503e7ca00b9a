// LSP positions count characters in a negotiated encoding (UTF-16 unless the
// client offers UTF-8); the analyzer counts bytes. These convert between them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/source_file.h"
#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

enum class PositionEncoding { Utf8, Utf16 };

std::string_view position_encoding_name(PositionEncoding encoding);

// UTF-8 when the client offers it (no conversion needed), else the mandatory UTF-16.
PositionEncoding negotiate_position_encoding(const std::vector<std::string>& offered);

// Byte offset of `position`: a character past the end of its line means the
// end of the line, a line past the end of the file the end of the file, and a
// position inside a multi-byte character the end of that character.
uint32_t offset_of(const SourceFile& file, Position position, PositionEncoding encoding);

Position position_of(const SourceFile& file, uint32_t offset, PositionEncoding encoding);
Range range_of(const SourceFile& file, uint32_t begin, uint32_t end, PositionEncoding encoding);

}  // namespace forklift::lsp
