#include "analyzer/tree_sitter/tree_scan.h"

#include <cstring>
#include <string>

namespace forklift::ts {
namespace {

uint32_t first_nonblank(std::string_view source, uint32_t begin, uint32_t end) {
  while (begin < end && (source[begin] == ' ' || source[begin] == '\t' || source[begin] == '\n')) ++begin;
  return begin;
}

ParseError describe_error(TSNode node, std::string_view source) {
  uint32_t begin = ts_node_start_byte(node);
  uint32_t end = ts_node_end_byte(node);
  if (ts_node_is_missing(node)) return {begin, std::string("syntax error: missing `") + ts_node_type(node) + "'"};
  uint32_t at = first_nonblank(source, begin, end);
  uint32_t token_end = at;
  while (token_end < end && token_end - at < 20 && std::strchr(" \t\n", source[token_end]) == nullptr) ++token_end;
  if (token_end == at) return {at, "syntax error"};
  return {at, "syntax error near `" + std::string(source.substr(at, token_end - at)) + "'"};
}

}  // namespace

void scan_tree(TSNode root, std::string_view source, std::vector<ParseError>& errors, std::vector<Span>& comments) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  bool descend = true;
  for (;;) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    if (descend) {
      if (ts_node_is_error(node) || ts_node_is_missing(node)) {
        errors.push_back(describe_error(node, source));
        descend = false;
      } else if (std::strcmp(ts_node_type(node), "comment") == 0) {
        comments.push_back({ts_node_start_byte(node), ts_node_end_byte(node)});
        descend = false;
      }
    }
    if (descend && ts_tree_cursor_goto_first_child(&cursor)) continue;
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    // Climb until a sibling is found or the root is reached.
    bool found = false;
    while (ts_tree_cursor_goto_parent(&cursor)) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        found = true;
        break;
      }
    }
    if (!found) break;
    descend = true;
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace forklift::ts
