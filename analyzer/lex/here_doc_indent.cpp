#include "analyzer/lex/here_doc_indent.h"

namespace forklift {
namespace {

constexpr uint32_t kTabStop = 8;

uint32_t after(char blank, uint32_t column) {
  return blank == '\t' ? (column / kTabStop + 1) * kTabStop : column + 1;
}

}  // namespace

uint32_t indent_columns(std::string_view line) {
  uint32_t column = 0;
  for (char c : line) {
    if (c != ' ' && c != '\t') break;
    column = after(c, column);
  }
  return column;
}

size_t indent_bytes(std::string_view line, uint32_t columns) {
  uint32_t column = 0;
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t') && after(line[i], column) <= columns) {
    column = after(line[i], column);
    ++i;
  }
  return i;
}

}  // namespace forklift
