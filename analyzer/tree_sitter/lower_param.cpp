// Parameter expansions. tree-sitter's tree for the inside of `${...}` is lossy
// (patterns become `regex` leaves, `@Q` two tokens, `${x~~}` an error), so the
// operator and operands are read from the bytes between the nested expansions
// tree-sitter found.
#include <array>

#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

constexpr std::array<std::string_view, 12> kTwoCharOperators{":-", ":=", ":?", ":+", "##", "%%",
                                                             "//", "/#", "/%", "^^", ",,", "~~"};
constexpr std::string_view kOneCharOperators = ":-=?+#%/^,~";

// The content of `${...}` with the bytes of nested parts blanked to NUL, so
// that operators are only found in literal text.
class Content {
 public:
  Content(std::string_view source, uint32_t begin, uint32_t end, const Pieces& pieces)
      : begin_(begin), text_(source.substr(begin, end - begin)) {
    for (const Piece& p : pieces) {
      if (p.node == nullptr) continue;
      for (uint32_t i = std::max(p.begin, begin); i < std::min(p.end, end); ++i) text_[i - begin] = '\0';
    }
  }
  char at(uint32_t pos) const { return pos - begin_ < text_.size() ? text_[pos - begin_] : '\0'; }
  bool starts_with(uint32_t pos, std::string_view s) const {
    return pos >= begin_ && std::string_view(text_).substr(pos - begin_, s.size()) == s;
  }
  uint32_t end() const { return begin_ + static_cast<uint32_t>(text_.size()); }
  // First unescaped `c` at or after pos (outside nested parts), or end().
  uint32_t find(uint32_t pos, char c) const {
    for (; pos < end(); ++pos) {
      if (at(pos) == '\\') {
        ++pos;
      } else if (at(pos) == c) {
        return pos;
      }
    }
    return end();
  }

 private:
  uint32_t begin_;
  std::string text_;
};

bool starts_parameter(char c) { return is_name_start(c) || is_one_char_param(c); }

}  // namespace

Node* Lowering::simple_param(const Child& c) {
  uint32_t begin = part_begin(c);
  Node* param = make(NodeKind::ParamExp, begin, c.end);
  param->text = slice(begin + 1, c.end);
  return param;
}

Node* Lowering::param_expansion(const Child& c) {
  uint32_t begin = part_begin(c);
  if (c.end < begin + 3 || src_[c.end - 1] != '}' || src_.substr(begin, 2) != "${") return error_node(c);
  Pieces content;
  collect_pieces(c.node, begin + 2, c.end - 1, content);
  return param_from_pieces(begin, c.end, content);
}

Node* Lowering::param_from_pieces(uint32_t begin, uint32_t end, const Pieces& pieces) {
  Node* param = make(NodeKind::ParamExp, begin, end);
  param->flags = kParamBraced;
  Content text(src_, begin + 2, end - 1, pieces);
  uint32_t pos = begin + 2;
  uint32_t stop = end - 1;
  if (text.at(pos) == '#' && starts_parameter(text.at(pos + 1)) && text.at(pos + 1) != '-') {
    param->flags |= kParamLength;
    ++pos;
  } else if (text.at(pos) == '!' && (starts_parameter(text.at(pos + 1)))) {
    param->flags |= kParamIndirect;
    ++pos;
  }
  uint32_t name_begin = pos;
  if (is_name_start(text.at(pos)) || (text.at(pos) == '.' && is_name_start(text.at(pos + 1)))) {
    ++pos;
    while (is_name_char(text.at(pos)) || (text.at(pos) == '.' && is_name_start(text.at(pos + 1)))) ++pos;
  } else if (is_digit(text.at(pos))) {
    while (is_digit(text.at(pos))) ++pos;
  } else if (starts_parameter(text.at(pos))) {
    ++pos;
  }
  param->text = slice(name_begin, pos);
  if (text.at(pos) == '[') {
    uint32_t close = matching_bracket(pieces, pos);
    if (close != UINT32_MAX && close < stop) {
      param->kids.push_back(subscript(pieces, pos, close));
      pos = close + 1;
    }
  }
  if (pos >= stop) return param;
  if ((param->flags & kParamIndirect) != 0 && (text.at(pos) == '*' || text.at(pos) == '@') && pos + 1 == stop) {
    param->op = slice(pos, pos + 1);
    return param;
  }
  uint32_t op_len = 0;
  for (std::string_view op : kTwoCharOperators) {
    if (text.starts_with(pos, op)) op_len = 2;
  }
  if (op_len == 0 && text.at(pos) == '@' && is_name_start(text.at(pos + 1))) op_len = 2;
  if (op_len == 0 && text.at(pos) != '\0' && kOneCharOperators.find(text.at(pos)) != std::string_view::npos) {
    op_len = 1;
  }
  if (op_len == 0) {
    fail(pos, "bad substitution");
    param->kind = NodeKind::Error;
    return param;
  }
  param->op = slice(pos, pos + op_len);
  uint32_t operand = pos + op_len;
  auto add_word = [&](uint32_t from, uint32_t to) { param->kids.push_back(word(cut_pieces(pieces, from, to), from)); };
  char first = param->op.front();
  if (param->op.size() == 2 && first == '@') return param;
  // Case conversion takes an optional pattern: no operand word without one.
  if ((first == '^' || first == ',' || first == '~') && operand == stop) return param;
  if (first == '/') {
    uint32_t slash = text.find(operand, '/');
    add_word(operand, slash);
    if (slash < stop) add_word(slash + 1, stop);
  } else if (param->op == ":") {
    uint32_t colon = text.find(operand, ':');
    add_word(operand, colon);
    if (colon < stop) add_word(colon + 1, stop);
  } else {
    add_word(operand, stop);
  }
  return param;
}

}  // namespace forklift::ts
