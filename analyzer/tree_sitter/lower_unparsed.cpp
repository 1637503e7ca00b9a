// Text tree-sitter leaves unparsed: here-document bodies (inside functions it
// does not look into them at all, and never into backticks there) are read
// here, and command lists found in them are parsed by tree-sitter again,
// restricted to their byte range so that offsets stay those of the file.
#include <algorithm>

#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

TSPoint point_of(std::string_view text, uint32_t offset) {
  TSPoint point{0, 0};
  uint32_t line_start = 0;
  for (uint32_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++point.row;
      line_start = i + 1;
    }
  }
  point.column = offset - line_start;
  return point;
}

// The `close` matching the `open` at `pos` (which is just past the opener), or end.
uint32_t matching(std::string_view src, uint32_t pos, uint32_t end, char open, char close) {
  int depth = 1;
  for (; pos < end; ++pos) {
    char c = src[pos];
    if (c == '\\') {
      ++pos;
    } else if (c == open) {
      ++depth;
    } else if (c == close && --depth == 0) {
      return pos;
    }
  }
  return end;
}

}  // namespace

Node* Lowering::reparse_list(uint32_t begin, uint32_t end) {
  Node* empty = make(NodeKind::List, begin, begin);
  if (begin >= end) return empty;
  ParserPtr parser = make_bash_parser();
  TSRange range{point_of(src_, begin), point_of(src_, end), begin, end};
  ts_parser_set_included_ranges(parser.get(), &range, 1);
  TreePtr tree(ts_parser_parse_string(parser.get(), nullptr, src_.data(), static_cast<uint32_t>(src_.size())));
  if (!tree) return empty;
  TSNode root = ts_tree_root_node(tree.get());
  if (ts_node_has_error(root)) fail(begin, "syntax error in a command substitution");
  std::vector<Child> kids = children(root);
  return list(kids, 0, kids.size(), begin);
}

void Lowering::relex_heredoc(uint32_t begin, uint32_t end, Pieces& out) {
  DepthGuard guard(*this, begin);
  uint32_t pos = begin;
  uint32_t lit = begin;
  auto emit = [&](uint32_t part_end, Node* node) {
    add_literal_piece(out, lit, pos);
    out.push_back({pos, part_end, node});
    pos = lit = part_end;
  };
  while (pos < end) {
    char c = src_[pos];
    char next = pos + 1 < end ? src_[pos + 1] : '\0';
    if (c == '\\') {
      pos += 2;
    } else if (c == '`') {
      uint32_t close = pos + 1;
      while (close < end && src_[close] != '`') close += src_[close] == '\\' ? 2 : 1;
      if (close >= end) break;
      Node* tick = make(NodeKind::Backtick, pos, close + 1);
      tick->kids.push_back(reparse_list(pos + 1, close));
      emit(close + 1, tick);
    } else if (c == '$' && next == '(' && pos + 2 < end && src_[pos + 2] == '(') {
      uint32_t close = matching(src_, pos + 3, end, '(', ')');
      if (close + 1 >= end || src_[close + 1] != ')') break;
      Pieces inner;
      relex_heredoc(pos + 3, close, inner);
      Node* arith_node = make(NodeKind::ArithExp, pos, close + 2);
      arith_node->kids.push_back(arith_of(std::move(inner), pos + 3, close, pos + 3));
      emit(close + 2, arith_node);
    } else if (c == '$' && next == '(') {
      uint32_t close = matching(src_, pos + 2, end, '(', ')');
      if (close >= end) break;
      Node* sub = make(NodeKind::CommandSub, pos, close + 1);
      sub->kids.push_back(reparse_list(pos + 2, close));
      emit(close + 1, sub);
    } else if (c == '$' && next == '{') {
      uint32_t close = matching(src_, pos + 2, end, '{', '}');
      if (close >= end) break;
      Pieces inner;
      relex_heredoc(pos + 2, close, inner);
      emit(close + 1, param_from_pieces(pos, close + 1, inner));
    } else if (c == '$' && (is_name_start(next))) {
      uint32_t name_end = pos + 1;
      while (name_end < end && is_name_char(src_[name_end])) ++name_end;
      Node* param = make(NodeKind::ParamExp, pos, name_end);
      param->text = slice(pos + 1, name_end);
      emit(name_end, param);
    } else if (c == '$' && next != '\0' && std::string_view("@*#?$!-0123456789").find(next) != std::string_view::npos) {
      emit(pos + 2, special_parameter(pos, pos + 2));
    } else {
      ++pos;
    }
  }
  add_literal_piece(out, lit, end);
}

}  // namespace forklift::ts
