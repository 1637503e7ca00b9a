#include "analyzer/tree_sitter/ts_api.h"

#include <cstring>

extern "C" const TSLanguage* tree_sitter_bash(void);

namespace forklift::ts {

const TSLanguage* bash_language() { return tree_sitter_bash(); }

ParserPtr make_bash_parser() {
  ParserPtr parser(ts_parser_new());
  ts_parser_set_language(parser.get(), bash_language());
  return parser;
}

namespace {

TSFieldId field_id(const char* name) {
  return ts_language_field_id_for_name(bash_language(), name, static_cast<uint32_t>(std::strlen(name)));
}

}  // namespace

const Fields& fields() {
  static const Fields ids{field_id("name"),       field_id("value"),    field_id("body"),
                          field_id("redirect"),   field_id("descriptor"), field_id("argument"),
                          field_id("operator"),   field_id("right"),    field_id("variable")};
  return ids;
}

Child as_child(TSNode node) {
  return Child{node, ts_node_type(node), 0, ts_node_is_named(node), ts_node_start_byte(node), ts_node_end_byte(node)};
}

std::vector<Child> children(TSNode node) {
  std::vector<Child> out;
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      Child child = as_child(ts_tree_cursor_current_node(&cursor));
      child.field = ts_tree_cursor_current_field_id(&cursor);
      out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

}  // namespace forklift::ts
