// `[[ expression ]]`: `||` below `&&` below `!`, groups, unary and binary tests.
#include <array>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

Node* Parser::parse_test_command() {
  const uint32_t begin = pos_;
  pos_ += 2;
  Node* expression = parse_test_or();
  skip_linebreaks();
  if (!at_reserved("]]")) unexpected_expecting("]]");
  pos_ += 2;
  Node* node = make(NodeKind::TestCommand, begin, pos_);
  node->kids.push_back(expression);
  return node;
}

Node* Parser::parse_test_or() {
  Node* left = parse_test_and();
  for (;;) {
    skip_linebreaks();
    if (!looking_at("||")) return left;
    Node* node = make(NodeKind::TestBinary, left->begin, left->end);
    node->op = slice(pos_, pos_ + 2);
    pos_ += 2;
    Node* right = parse_test_and();
    node->kids = {left, right};
    node->end = right->end;
    left = node;
  }
}

Node* Parser::parse_test_and() {
  Node* left = parse_test_not();
  for (;;) {
    skip_linebreaks();
    if (!looking_at("&&")) return left;
    Node* node = make(NodeKind::TestBinary, left->begin, left->end);
    node->op = slice(pos_, pos_ + 2);
    pos_ += 2;
    Node* right = parse_test_not();
    node->kids = {left, right};
    node->end = right->end;
    left = node;
  }
}

Node* Parser::parse_test_not() {
  skip_linebreaks();
  if (peek() != '!' || at_end() || !is_delimiter_at(pos_ + 1)) return parse_test_primary();
  DepthGuard depth(*this, pos_);
  Node* node = make(NodeKind::TestUnary, pos_, pos_);
  node->op = slice(pos_, pos_ + 1);
  ++pos_;
  Node* operand = parse_test_not();
  node->kids.push_back(operand);
  node->end = operand->end;
  return node;
}

Node* Parser::parse_test_primary() {
  skip_linebreaks();
  if (at_end() || at_reserved("]]")) unexpected();
  const uint32_t begin = pos_;
  if (peek() == '(') {
    DepthGuard depth(*this, begin);
    ++pos_;
    Node* inner = parse_test_or();
    skip_linebreaks();
    if (at_end() || peek() != ')') unexpected_expecting(")");
    ++pos_;
    Node* group = make(NodeKind::TestGroup, begin, pos_);
    group->kids.push_back(inner);
    return group;
  }
  if (unary_test_ahead()) {
    Node* node = make(NodeKind::TestUnary, begin, begin);
    node->op = slice(begin, begin + 2);
    pos_ += 2;
    skip_blanks();
    Node* operand = parse_test_operand(WordMode::Command);
    node->kids.push_back(operand);
    node->end = operand->end;
    return node;
  }
  Node* left = parse_test_operand(WordMode::Command);
  skip_blanks();
  std::string_view op = test_binary_operator(pos_);
  if (op.empty()) return left;
  Node* node = make(NodeKind::TestBinary, begin, begin);
  node->op = op;
  pos_ += static_cast<uint32_t>(op.size());
  skip_blanks();
  Node* right = parse_test_operand(op == "=~" ? WordMode::Regex : WordMode::Command);
  node->kids = {left, right};
  node->end = right->end;
  return node;
}

Node* Parser::parse_test_operand(WordMode mode) {
  Node* word = parse_word(mode);
  if (word == nullptr) unexpected();
  return word;
}

// `-f x` is a unary test; `-f` alone, or followed by a binary operator, is a
// string operand.
bool Parser::unary_test_ahead() const {
  static constexpr std::string_view kUnaryLetters = "abcdefghkprstuwxGLNOSznovR";
  if (peek() != '-' || kUnaryLetters.find(peek(1)) == std::string_view::npos || peek(1) == '\0' ||
      !is_delimiter_at(pos_ + 2) || pos_ + 2 >= end_) {
    return false;
  }
  uint32_t p = pos_ + 2;
  while (p < end_ && is_blank(src_[p])) ++p;
  if (p >= end_ || src_[p] == '\n' || src_[p] == ')') return false;
  if (src_.substr(p, 2) == "&&" || src_.substr(p, 2) == "||") return false;
  if (src_.substr(p, 2) == "]]" && is_delimiter_at(p + 2)) return false;
  return test_binary_operator(p).empty();
}

std::string_view Parser::test_binary_operator(uint32_t at) const {
  static constexpr std::array<std::string_view, 15> kOperators = {
      "==", "=~", "!=", "=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"};
  std::string_view rest = src_.substr(at, end_ - at);
  for (std::string_view op : kOperators) {
    if (rest.substr(0, op.size()) != op) continue;
    uint32_t after = at + static_cast<uint32_t>(op.size());
    if (op == "<" || op == ">" || is_delimiter_at(after)) return rest.substr(0, op.size());
  }
  return {};
}

}  // namespace forklift::exact
