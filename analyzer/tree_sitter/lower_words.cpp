// Words: literal runs, quotes, substitutions, assignments and array literals.
#include <algorithm>

#include "analyzer/front_end.h"
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {

namespace {

bool is_part_type(std::string_view type) {
  return type == "simple_expansion" || type == "expansion" || type == "command_substitution" ||
         type == "arithmetic_expansion" || type == "process_substitution" || type == "string" ||
         type == "raw_string" || type == "ansi_c_string" || type == "translated_string";
}

// Leaves whose text tree-sitter does not split although it may hold quotes or `$`.
bool is_opaque_leaf(std::string_view type) {
  return type == "regex" || type == "extglob_pattern" || type == "heredoc_start";
}

// tree-sitter leaves `$$` or `$?` glued to a word as a bare token.
bool is_special_parameter(std::string_view text) { return text.size() == 2 && text[0] == '$' && is_one_char_param(text[1]); }

// `$name`, `$1`, `$?`: tree-sitter also makes `$ $` (a `$` before a blank) one.
bool is_parameter_reference(std::string_view text) {
  if (text.size() < 2 || text[0] != '$') return false;
  if (text.size() == 2) return is_name_char(text[1]) || is_special_parameter(text);
  return is_name_start(text[1]) && std::all_of(text.begin() + 2, text.end(), is_name_char);
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

}  // namespace

void add_literal_piece(Pieces& out, uint32_t begin, uint32_t end) {
  if (begin >= end) return;
  if (!out.empty() && out.back().node == nullptr && out.back().end == begin) {
    out.back().end = end;
    return;
  }
  out.push_back({begin, end, nullptr});
}

namespace {

void add_literal(Pieces& out, uint32_t begin, uint32_t end) { add_literal_piece(out, begin, end); }

}  // namespace

Pieces cut_pieces(const Pieces& pieces, uint32_t from, uint32_t to) {
  Pieces out;
  for (const Piece& p : pieces) {
    if (p.node != nullptr) {
      if (p.begin >= from && p.end <= to) out.push_back(p);
    } else {
      add_literal(out, std::max(p.begin, from), std::min(p.end, to));
    }
  }
  return out;
}

uint32_t Lowering::skip_blanks(uint32_t pos, uint32_t end) const {
  for (;;) {
    while (pos < end && (src_[pos] == ' ' || src_[pos] == '\t')) ++pos;
    if (pos + 1 >= end || src_[pos] != '\\' || src_[pos + 1] != '\n') return pos;
    pos += 2;  // a line continuation is a blank too
  }
}

uint32_t Lowering::part_begin(const Child& c) const {
  // tree-sitter sometimes starts an expansion at the blanks (and line
  // continuations) before its `$`.
  uint32_t pos = c.begin;
  while (pos < c.end) {
    if (is_blank(src_[pos])) {
      ++pos;
    } else if (src_[pos] == '\\' && pos + 1 < c.end && src_[pos + 1] == '\n') {
      pos += 2;
    } else {
      break;
    }
  }
  return pos;
}

Node* Lowering::special_parameter(uint32_t begin, uint32_t end) {
  Node* param = make(NodeKind::ParamExp, begin, end);
  param->text = slice(begin + 1, end);
  return param;
}

Node* Lowering::literal(uint32_t begin, uint32_t end) {
  Node* lit = make(NodeKind::Literal, begin, end);
  lit->text = slice(begin, end);
  return lit;
}

void Lowering::collect_pieces(TSNode node, uint32_t begin, uint32_t end, Pieces& out) {
  // Containers nest only as deep as the text does; counted apart from the
  // language-level nesting so that a word inside N substitutions is not N*2 deep.
  if (++container_depth_ > 4 * kMaxNestingDepth) throw NestingTooDeep(begin);
  struct Restore {
    int& depth;
    ~Restore() { --depth; }
  } restore{container_depth_};
  std::vector<Child> cst = children(node);
  uint32_t pos = begin;
  for (size_t i = 0; i < cst.size(); ++i) {
    const Child& kid = cst[i];
    if (kid.end <= pos || kid.begin >= end) continue;
    bool error = ts_node_is_error(kid.node);
    // Inside "...", `'` is an ordinary character (even in `"${x:-'a'}"`).
    bool literal_quote = double_quotes_ > 0 && (kid.type == "raw_string" || kid.type == "ansi_c_string");
    if (literal_quote || (kid.type == "simple_expansion" && !is_parameter_reference(slice(part_begin(kid), kid.end)))) continue;
    if (error || (kid.named && is_part_type(kid.type))) {
      uint32_t at = std::max(pos, error ? kid.begin : part_begin(kid));
      add_literal(out, pos, at);
      out.push_back({at, kid.end, error ? error_node(kid) : part(kid)});
      pos = kid.end;
    } else if (!kid.named && kid.type == "$" && i + 1 < cst.size() && cst[i + 1].type == "string" &&
               cst[i + 1].begin == kid.end) {
      add_literal(out, pos, kid.begin);
      const Child& str = cst[++i];
      out.push_back({kid.begin, str.end, quoted(NodeKind::LocaleQuoted, str, kid.begin, str.begin + 1, str.end - 1)});
      pos = str.end;
    } else if (kid.named && is_opaque_leaf(kid.type)) {
      add_literal(out, pos, kid.begin);
      relex_leaf(std::max(pos, kid.begin), std::min(end, kid.end), out);
      pos = std::min(end, kid.end);
    } else if (is_special_parameter(slice(kid.begin, kid.end))) {
      add_literal(out, pos, kid.begin);
      out.push_back({kid.begin, kid.end, special_parameter(kid.begin, kid.end)});
      pos = kid.end;
    } else if (kid.named && ts_node_child_count(kid.node) > 0) {
      add_literal(out, pos, std::max(pos, kid.begin));
      collect_pieces(kid.node, std::max(pos, kid.begin), std::min(end, kid.end), out);
      pos = std::min(end, kid.end);
    }
  }
  add_literal(out, pos, end);
}

Pieces Lowering::pieces_of(const Child& c) {
  Pieces out;
  if (ts_node_is_error(c.node)) {
    out.push_back({c.begin, c.end, error_node(c)});
  } else if (c.type == "simple_expansion" && !is_parameter_reference(slice(part_begin(c), c.end))) {
    add_literal(out, c.begin, c.end);
  } else if (c.named && is_part_type(c.type)) {
    out.push_back({part_begin(c), c.end, part(c)});
  } else if (c.named && is_opaque_leaf(c.type)) {
    relex_leaf(c.begin, c.end, out);
  } else if (is_special_parameter(slice(c.begin, c.end))) {
    out.push_back({c.begin, c.end, special_parameter(c.begin, c.end)});
  } else if (ts_node_child_count(c.node) == 0) {
    add_literal(out, c.begin, c.end);
  } else {
    collect_pieces(c.node, c.begin, c.end, out);
  }
  return out;
}

Pieces Lowering::pieces_of_group(const std::vector<Child>& group) {
  Pieces out;
  for (size_t i = 0; i < group.size(); ++i) {
    const Child& kid = group[i];
    if (!kid.named && kid.type == "$" && i + 1 < group.size() && group[i + 1].type == "string" &&
        group[i + 1].begin == kid.end) {
      // `$"..."` comes out as a `$` token followed by a string.
      const Child& str = group[++i];
      out.push_back({kid.begin, str.end, quoted(NodeKind::LocaleQuoted, str, kid.begin, str.begin + 1, str.end - 1)});
      continue;
    }
    Pieces more = pieces_of(kid);
    for (const Piece& p : more) {
      if (p.node == nullptr) {
        add_literal(out, p.begin, p.end);
      } else {
        out.push_back(p);
      }
    }
  }
  return out;
}

void Lowering::relex_leaf(uint32_t begin, uint32_t end, Pieces& out) {
  uint32_t pos = begin;
  uint32_t lit = begin;
  auto emit = [&](uint32_t part_end, Node* node) {
    add_literal(out, lit, pos);
    out.push_back({pos, part_end, node});
    pos = lit = part_end;
  };
  while (pos < end) {
    char c = src_[pos];
    if (c == '\\') {
      pos = std::min(end, pos + 2);
    } else if (c == '\'') {
      uint32_t close = pos + 1;
      while (close < end && src_[close] != '\'') ++close;
      if (close == end) break;
      Node* q = make(NodeKind::SingleQuoted, pos, close + 1);
      q->text = slice(pos, close + 1);
      emit(close + 1, q);
    } else if (c == '"') {
      uint32_t close = pos + 1;
      while (close < end && src_[close] != '"') close += src_[close] == '\\' ? 2 : 1;
      if (close >= end) break;
      Node* dq = make(NodeKind::DoubleQuoted, pos, close + 1);
      Pieces inner;
      relex_leaf(pos + 1, close, inner);
      for (const Piece& p : inner) dq->kids.push_back(p.node != nullptr ? p.node : literal(p.begin, p.end));
      emit(close + 1, dq);
    } else if (c == '$' && pos + 1 < end && src_[pos + 1] == '{') {
      uint32_t close = pos + 2;
      while (close < end && src_[close] != '}') ++close;
      if (close == end) break;
      emit(close + 1, braced_param(pos, close + 1));
    } else if (c == '$' && pos + 1 < end && (is_name_char(src_[pos + 1]) || is_special_param(src_[pos + 1]))) {
      uint32_t name_end = pos + 2;
      if (is_name_start(src_[pos + 1])) {
        while (name_end < end && is_name_char(src_[name_end])) ++name_end;
      }
      Node* param = make(NodeKind::ParamExp, pos, name_end);
      param->text = slice(pos + 1, name_end);
      emit(name_end, param);
    } else {
      ++pos;
    }
  }
  add_literal(out, lit, end);
}

void Lowering::append_parts(Node* parent, const Pieces& pieces) {
  for (const Piece& p : pieces) {
    if (p.node != nullptr) {
      parent->kids.push_back(p.node);
      continue;
    }
    // tree-sitter leaves some `$name` after `/` or before `"` as a bare `$` token.
    uint32_t lit = p.begin;
    for (uint32_t i = p.begin; i + 1 < p.end; ++i) {
      if (src_[i] == '\\') {
        ++i;
        continue;
      }
      char next = src_[i + 1];
      if (src_[i] != '$') continue;
      uint32_t name_end = i + 2;
      if (is_name_start(next)) {
        while (name_end < p.end && is_name_char(src_[name_end])) ++name_end;
      } else if (!is_special_parameter(slice(i, i + 2))) {
        continue;
      }
      if (lit < i) parent->kids.push_back(literal(lit, i));
      parent->kids.push_back(special_parameter(i, name_end));
      lit = name_end;
      i = name_end - 1;
    }
    if (lit < p.end) parent->kids.push_back(literal(lit, p.end));
  }
}

Node* Lowering::word(const Pieces& pieces, uint32_t empty_at) {
  Node* w = make(NodeKind::Word, empty_at, empty_at);
  if (!pieces.empty()) {
    w->begin = pieces.front().begin;
    w->end = pieces.back().end;
  }
  append_parts(w, pieces);
  classify_word(*w, src_);
  return w;
}

std::vector<Node*> Lowering::split_words(const Pieces& pieces) {
  std::vector<Node*> words;
  Pieces current;
  auto flush = [&] {
    // A line continuation between words separates them and is no word itself.
    if (!current.empty() && !(current.size() == 1 && current[0].node == nullptr &&
                              slice(current[0].begin, current[0].end) == "\\\n")) {
      words.push_back(word(current, current.front().begin));
    }
    current.clear();
  };
  for (const Piece& p : pieces) {
    if (p.node != nullptr) {
      current.push_back(p);
      continue;
    }
    uint32_t start = p.begin;
    for (uint32_t i = p.begin; i < p.end; ++i) {
      if (src_[i] == '\\') {
        ++i;
      } else if (is_blank(src_[i])) {
        add_literal(current, start, i);
        flush();
        start = i + 1;
      }
    }
    add_literal(current, start, p.end);
  }
  flush();
  return words;
}

Node* Lowering::subscript(const Pieces& pieces, uint32_t open, uint32_t close) {
  Node* sub = make(NodeKind::Subscript, open, close + 1);
  sub->kids.push_back(word(cut_pieces(pieces, open + 1, close), open + 1));
  return sub;
}

uint32_t Lowering::matching_bracket(const Pieces& pieces, uint32_t open) const {
  int depth = 0;
  for (const Piece& p : pieces) {
    if (p.node != nullptr || p.end <= open) continue;
    for (uint32_t i = std::max(p.begin, open); i < p.end; ++i) {
      char c = src_[i];
      if (c == '\\') {
        ++i;
      } else if (c == '[') {
        ++depth;
      } else if (c == ']' && --depth == 0) {
        return i;
      }
    }
  }
  return UINT32_MAX;
}

Node* Lowering::assignment_from_pieces(const Pieces& pieces) {
  if (pieces.empty() || pieces.front().node != nullptr) return nullptr;
  const Piece& head = pieces.front();
  uint32_t pos = head.begin;
  if (!is_name_start(src_[pos])) return nullptr;
  while (pos < head.end && is_name_char(src_[pos])) ++pos;
  uint32_t name_end = pos;
  uint32_t last = pieces.back().end;
  Node* sub = nullptr;
  if (pos < head.end && src_[pos] == '[') {
    uint32_t close = matching_bracket(pieces, pos);
    if (close == UINT32_MAX) return nullptr;
    sub = subscript(pieces, pos, close);
    pos = close + 1;
  }
  std::string_view op;
  if (pos < last && src_[pos] == '=') {
    op = slice(pos, pos + 1);
  } else if (pos + 1 < last && src_[pos] == '+' && src_[pos + 1] == '=') {
    op = slice(pos, pos + 2);
  } else {
    return nullptr;
  }
  Node* assign = make(NodeKind::Assignment, head.begin, last);
  assign->text = slice(head.begin, name_end);
  assign->op = op;
  if (sub != nullptr) assign->kids.push_back(sub);
  uint32_t value_at = pos + static_cast<uint32_t>(op.size());
  Pieces value = cut_pieces(pieces, value_at, last);
  if (!value.empty()) assign->kids.push_back(word(value, value_at));
  return assign;
}

Node* Lowering::assignment(const Child& c) {
  std::vector<Child> cst = children(c.node);
  for (const Child& kid : cst) {
    if (kid.field == fields().value && kid.type == "array") {
      Pieces head;
      collect_pieces(c.node, c.begin, kid.begin, head);
      Node* assign = assignment_from_pieces(head);
      if (assign == nullptr) return error_node(c);
      assign->kids.push_back(array_literal(kid));
      assign->end = kid.end;
      return assign;
    }
  }
  Pieces pieces = pieces_of(c);
  Node* assign = assignment_from_pieces(pieces);
  return assign != nullptr ? assign : word(pieces, c.begin);
}

Node* Lowering::array_literal(const Child& c) {
  std::vector<Child> cst = children(c.node);
  Node* array = make(NodeKind::ArrayLiteral, c.begin, c.end);
  std::vector<Child> group;
  auto element = [&](const Pieces& pieces) -> Node* {
    const Piece& head = pieces.front();
    if (head.node == nullptr && src_[head.begin] == '[') {
      uint32_t close = matching_bracket(pieces, head.begin);
      if (close != UINT32_MAX && close + 1 < pieces.back().end && src_[close + 1] == '=') {
        Node* keyed = make(NodeKind::KeyedElement, head.begin, pieces.back().end);
        keyed->kids.push_back(subscript(pieces, head.begin, close));
        Pieces value = cut_pieces(pieces, close + 2, pieces.back().end);
        if (!value.empty()) keyed->kids.push_back(word(value, close + 2));
        return keyed;
      }
    }
    if (dialect_ == Dialect::Ksh) {
      if (Node* assign = assignment_from_pieces(pieces)) return assign;
    }
    return word(pieces, head.begin);
  };
  auto flush = [&] {
    if (group.empty()) return;
    Pieces pieces = pieces_of_group(group);
    if (!pieces.empty()) array->kids.push_back(element(pieces));
    group.clear();
  };
  for (size_t i = 0; i < cst.size(); ++i) {
    const Child& kid = cst[i];
    bool paren = !kid.named && (kid.type == "(" || kid.type == ")") && (i == 0 || i + 1 == cst.size());
    if (paren || kid.type == "comment" || (ts_node_is_missing(kid.node) && kid.begin == kid.end)) {
      flush();
      continue;
    }
    if (!group.empty() && group.back().end != kid.begin) flush();
    group.push_back(kid);
  }
  flush();
  return array;
}

Node* Lowering::quoted(NodeKind kind, const Child& c, uint32_t begin, uint32_t inner_begin, uint32_t inner_end) {
  Node* q = make(kind, begin, c.end);
  if (inner_begin < inner_end) {
    ++double_quotes_;
    Pieces pieces;
    collect_pieces(c.node, inner_begin, inner_end, pieces);
    --double_quotes_;
    append_parts(q, pieces);
  }
  return q;
}

Node* Lowering::substitution(NodeKind kind, const Child& c, uint32_t prefix) {
  uint32_t begin = part_begin(c);
  struct QuoteReset {
    int& depth;
    int saved;
    ~QuoteReset() { depth = saved; }
  } reset{double_quotes_, double_quotes_};
  double_quotes_ = 0;
  if (kind == NodeKind::Backtick && slice(begin, c.end).find("\\`") != std::string_view::npos) {
    // Nested backticks are escaped inside the outer ones; tree-sitter does not unescape them.
    fail(begin, "syntax error: nested backticks");
    return error_node(c);
  }
  Node* sub = make(kind, begin, c.end);
  std::vector<Child> cst = children(c.node);
  size_t from = !cst.empty() && !cst.front().named ? 1 : 0;
  size_t to = cst.size();
  if (to > from && !cst[to - 1].named && (cst[to - 1].type == ")" || cst[to - 1].type == "`")) --to;
  sub->kids.push_back(list(cst, from, to, begin + prefix));
  return sub;
}

Node* Lowering::part(const Child& c) {
  uint32_t begin = part_begin(c);
  std::string_view t = c.type;
  if (t == "simple_expansion") return simple_param(c);
  if (t == "expansion") {
    DepthGuard guard(*this, begin);
    return param_expansion(c);
  }
  if (t == "command_substitution" && src_.substr(begin, 3) == "$((" && src_.substr(c.end - 2, 2) == "))") {
    // tree-sitter reads some `$(( ))` as a command substitution of a subshell.
    Node* arith_node = make(NodeKind::ArithExp, begin, c.end);
    arith_node->kids.push_back(arith(begin + 3, c.end - 2));
    return arith_node;
  }
  if (t == "command_substitution") {
    return substitution(src_[begin] == '`' ? NodeKind::Backtick : NodeKind::CommandSub, c,
                        src_[begin] == '`' ? 1 : 2);
  }
  if (t == "process_substitution") {
    Node* sub = substitution(NodeKind::ProcessSub, c, 2);
    sub->text = slice(begin, begin + 2);
    return sub;
  }
  if (t == "arithmetic_expansion") {
    bool bracket = src_.substr(begin, 2) == "$[";
    uint32_t open = begin + (bracket ? 2 : 3);
    uint32_t close = c.end - (bracket ? 1 : 2);
    Node* arith_node = make(bracket ? NodeKind::ArithBracket : NodeKind::ArithExp, begin, c.end);
    arith_node->kids.push_back(arith(open, std::max(open, close)));
    return arith_node;
  }
  if (t == "string") return quoted(NodeKind::DoubleQuoted, c, begin, begin + 1, c.end - 1);
  if (t == "translated_string") {
    for (const Child& kid : children(c.node)) {
      if (kid.type == "string") return quoted(NodeKind::LocaleQuoted, kid, begin, kid.begin + 1, kid.end - 1);
    }
    return error_node(c);
  }
  if (t == "raw_string" || t == "ansi_c_string") {
    Node* q = make(t == "raw_string" ? NodeKind::SingleQuoted : NodeKind::AnsiCQuoted, begin, c.end);
    q->text = slice(begin, c.end);
    return q;
  }
  return error_node(c);
}

}  // namespace forklift::ts
