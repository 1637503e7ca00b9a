#include "analyzer/parse_error.h"

#include <fmt/format.h>

namespace forklift {

std::string format_parse_error(const SourceFile& file, const ParseError& error) {
  Position pos = file.position(error.offset);
  return fmt::format("{}:{}:{}: {}", file.path(), pos.line, pos.column, error.message);
}

}  // namespace forklift
