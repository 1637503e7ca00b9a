// A syntax error as a shell would report it: where and what.
#pragma once

#include <cstdint>
#include <string>

#include "analyzer/source_file.h"

namespace forklift {

struct ParseError {
  uint32_t offset = 0;  // byte offset of the offending token
  std::string message;  // e.g. "syntax error: `fi' unexpected"
};

// "PATH:LINE:COL: MESSAGE" (column in bytes, 1-based).
std::string format_parse_error(const SourceFile& file, const ParseError& error);

}  // namespace forklift
