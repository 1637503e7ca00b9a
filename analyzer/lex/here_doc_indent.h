// ksh93's `<<#` here-documents: the leading blanks of the body's first line
// set an indentation, and up to that much is stripped from every line of the
// body and from the delimiter line. A tab advances to the next multiple of 8
// columns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace forklift {

// The columns of blanks (spaces and tabs) that `line` starts with.
uint32_t indent_columns(std::string_view line);

// How many bytes of `line`'s leading blanks make up at most `columns` columns.
size_t indent_bytes(std::string_view line, uint32_t columns);

}  // namespace forklift
