// Arithmetic: C operators with C precedence, `**` (right-associative, below
// unary minus as in bash and ksh), assignments, ternary, comma, increments,
// numbers in any base and floats, variables with subscripts, ksh math
// functions, and expansions as operands (ArithWord).
#include <fmt/format.h>

#include "analyzer/ast_operators.h"
#include "analyzer/exact/parser.h"
#include "analyzer/lex/char_class.h"

namespace forklift::exact {
namespace {

bool is_lvalue(const Node* node) { return node->is(NodeKind::ArithVariable) || node->is(NodeKind::ArithWord); }

// Bytes of a number or name operand: digits and letters of any base, `#` of
// `base#digits`, `@` and `_` (base-64 digits), `.` of floats and ksh names.
bool is_operand_char(char c) { return is_name_char(c) || c == '#' || c == '@' || c == '.'; }

}  // namespace

void Parser::skip_arith_space() {
  while (pos_ < end_) {
    char c = src_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '\\' && (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
      pos_ += peek(1) == '\n' ? 2 : 3;
    } else {
      break;
    }
  }
}

// The operator at pos_ (longest match), or "" when an operand or the end follows.
std::string_view Parser::arith_operator() const {
  if (at_end()) return {};
  char c = src_[pos_];
  if (is_operand_char(c) || c == '$' || c == '`' || c == '"' || c == '\'') return {};
  for (std::string_view op : arith_tokens_longest_first()) {
    if (looking_at(op)) return op;
  }
  return {};
}

void Parser::arith_unexpected() const {
  if (at_end()) fail(pos_, "arithmetic syntax error: unexpected end of expression");
  fail(pos_, fmt::format("arithmetic syntax error: `{}' unexpected", token_at(pos_)));
}

void Parser::expect_arith(std::string_view token) {
  if (!looking_at(token)) {
    if (at_end()) fail(pos_, fmt::format("arithmetic syntax error: unexpected end of expression (expecting `{}')", token));
    fail(pos_, fmt::format("arithmetic syntax error: `{}' unexpected (expecting `{}')", token_at(pos_), token));
  }
  pos_ += static_cast<uint32_t>(token.size());
}

// `((` (at the start of a command, or after `$`) opens arithmetic when the
// parenthesis that closes the inner `(` is directly followed by the one that
// closes the outer: `((a) | b)` is a subshell in a subshell, `$((cd x; ls) |
// wc)` a command substitution. This is bash's rule; `open` is the outer `(`.
bool Parser::double_paren_is_arithmetic(uint32_t open) const {
  int depth = 0;
  for (uint32_t p = open + 2; p < end_; ++p) {
    switch (src_[p]) {
      case '(':
        ++depth;
        break;
      case ')':
        if (depth == 0) return p + 1 < end_ && src_[p + 1] == ')';
        --depth;
        break;
      case '\\':
        ++p;
        break;
      case '\'': case '"': {
        const char quote = src_[p];
        for (++p; p < end_ && src_[p] != quote; ++p) {
          if (quote == '"' && src_[p] == '\\') ++p;
        }
        break;
      }
      default:
        break;
    }
  }
  return true;  // unterminated: reported as arithmetic
}

Node* Parser::parse_arith_command_or_subshell() {
  if (!double_paren_is_arithmetic(pos_)) return parse_subshell();
  return parse_double_parens(NodeKind::ArithCommand, 2);
}

// `((expr))`, or `$((expr))` when `opener` is 3: a node of `kind` whose kid
// is the expression.
Node* Parser::parse_double_parens(NodeKind kind, uint32_t opener) {
  const uint32_t begin = pos_;
  pos_ += opener;
  DepthGuard depth(*this, begin);
  Node* expr = parse_arith_until("))");
  expect_arith("))");
  Node* node = make(kind, begin, pos_);
  node->kids.push_back(expr);
  return node;
}

Node* Parser::parse_standalone_arithmetic(uint32_t begin, uint32_t end) {
  pos_ = begin;
  end_ = end;
  Node* expr = parse_arith_top();
  skip_arith_space();
  if (!at_end()) arith_unexpected();
  return expr;
}

// A whole expression, or an Empty node right where it would start.
Node* Parser::parse_arith_top() {
  const uint32_t slot = pos_;
  skip_arith_space();
  char c = peek();
  if (at_end() || c == ')' || c == ';' || c == ']') return make(NodeKind::Empty, slot, slot);
  return parse_arith_comma();
}

Node* Parser::parse_arith_comma() {
  Node* left = parse_arith_assign();
  for (;;) {
    skip_arith_space();
    if (arith_operator() != ",") return left;
    ++pos_;
    Node* right = parse_arith_assign();
    Node* node = make(NodeKind::ArithBinary, left->begin, right->end);
    node->op = ",";
    node->kids = {left, right};
    left = node;
  }
}

Node* Parser::parse_arith_assign() {
  DepthGuard depth(*this, pos_);
  Node* left = parse_arith_ternary();
  skip_arith_space();
  std::string_view op = arith_operator();
  // `1 = 2` parses (shells reject it only when evaluating it)
  if (!is_arith_assignment(op)) return left;
  pos_ += static_cast<uint32_t>(op.size());
  Node* right = parse_arith_assign();
  Node* node = make(NodeKind::ArithAssign, left->begin, right->end);
  node->op = op;
  node->kids = {left, right};
  return node;
}

Node* Parser::parse_arith_ternary() {
  Node* condition = parse_arith_binary(1);
  skip_arith_space();
  if (arith_operator() != "?") return condition;
  ++pos_;
  Node* then = parse_arith_comma();
  skip_arith_space();
  expect_arith(":");
  Node* otherwise = parse_arith_assign();
  Node* node = make(NodeKind::ArithTernary, condition->begin, otherwise->end);
  node->kids = {condition, then, otherwise};
  return node;
}

Node* Parser::parse_arith_binary(int min_precedence) {
  Node* left = parse_arith_unary();
  for (;;) {
    skip_arith_space();
    std::string_view op = arith_operator();
    int precedence = arith_binary_precedence(op);
    if (precedence == 0 || precedence < min_precedence) return left;
    pos_ += static_cast<uint32_t>(op.size());
    Node* right = nullptr;
    if (op == "**") {
      DepthGuard depth(*this, pos_);
      right = parse_arith_binary(precedence);
    } else {
      right = parse_arith_binary(precedence + 1);
    }
    Node* node = make(NodeKind::ArithBinary, left->begin, right->end);
    node->op = op;
    node->kids = {left, right};
    left = node;
  }
}

Node* Parser::parse_arith_unary() {
  skip_arith_space();
  const uint32_t begin = pos_;
  std::string_view op = arith_operator();
  if (op == "++" || op == "--") {
    uint32_t after = pos_ + 2;
    while (after < end_ && is_blank(src_[after])) ++after;
    bool operand_is_variable = after < end_ && (is_name_start(src_[after]) || src_[after] == '$');
    if (operand_is_variable) {
      pos_ += 2;
      Node* operand = parse_arith_postfix();
      if (!is_lvalue(operand)) fail(begin, fmt::format("arithmetic syntax error: `{}' needs a variable", op));
      Node* node = make(NodeKind::ArithPreIncr, begin, operand->end);
      node->op = op;
      node->kids.push_back(operand);
      return node;
    }
    op = op.substr(0, 1);  // `--5` is minus minus five
  }
  if (op == "!" || op == "~" || op == "-" || op == "+") {
    DepthGuard depth(*this, begin);
    ++pos_;
    Node* operand = parse_arith_unary();
    Node* node = make(NodeKind::ArithUnary, begin, operand->end);
    node->op = op;
    node->kids.push_back(operand);
    return node;
  }
  return parse_arith_postfix();
}

Node* Parser::parse_arith_postfix() {
  Node* operand = parse_arith_primary();
  if (!is_lvalue(operand)) return operand;
  const uint32_t saved = pos_;
  skip_arith_space();
  std::string_view op = arith_operator();
  if (op != "++" && op != "--") {
    pos_ = saved;
    return operand;
  }
  pos_ += 2;
  Node* node = make(NodeKind::ArithPostIncr, operand->begin, pos_);
  node->op = op;
  node->kids.push_back(operand);
  return node;
}

Node* Parser::parse_arith_primary() {
  skip_arith_space();
  const uint32_t begin = pos_;
  if (peek() == '(' && !at_end()) {
    DepthGuard depth(*this, begin);
    ++pos_;
    Node* inner = parse_arith_comma();
    skip_arith_space();
    expect_arith(")");
    Node* group = make(NodeKind::ArithGroup, begin, pos_);
    group->kids.push_back(inner);
    return group;
  }
  return parse_arith_operand();
}

// A run of operand bytes and expansions with no blank between them. Plain
// text is a number (leading digit or `.`) or a variable; a run holding an
// expansion (`$x`, `10#$x`, `${#a[@]}`, ksh `'c'`) is an ArithWord.
Node* Parser::parse_arith_operand() {
  const uint32_t begin = pos_;
  std::vector<Node*> parts;
  uint32_t literal_begin = pos_;
  bool has_expansion = false;
  for (;;) {
    if (at_end()) break;
    char c = src_[pos_];
    Node* part = nullptr;
    const uint32_t at = pos_;
    if (is_operand_char(c)) {
      ++pos_;
      // the sign of a float exponent: 1e-3, 2.5E+7
      if ((c == 'e' || c == 'E') && (peek() == '+' || peek() == '-') && is_digit(peek(1)) &&
          (is_digit(src_[literal_begin]) || src_[literal_begin] == '.')) {
        std::string_view mantissa = slice(literal_begin, at);
        if (mantissa.find_first_not_of("0123456789.") == std::string_view::npos) pos_ += 2;
      }
      continue;
    }
    if (!starts_arith_word_part(c)) break;
    part = parse_arith_word_part();
    if (part == nullptr) break;
    has_expansion = true;
    if (at > literal_begin) {
      Node* literal = make(NodeKind::Literal, literal_begin, at);
      literal->text = slice(literal_begin, at);
      parts.push_back(literal);
    }
    parts.push_back(part);
    literal_begin = pos_;
  }
  if (pos_ == begin) arith_unexpected();
  if (!has_expansion) return finish_arith_name(begin, pos_);
  if (pos_ > literal_begin) {
    Node* literal = make(NodeKind::Literal, literal_begin, pos_);
    literal->text = slice(literal_begin, pos_);
    parts.push_back(literal);
  }
  Node* word = make(NodeKind::ArithWord, begin, pos_);
  word->kids = std::move(parts);
  return word;
}

// Plain operand text: a number, a variable (maybe subscripted) or a call.
Node* Parser::finish_arith_name(uint32_t begin, uint32_t end) {
  char first = src_[begin];
  // ksh `.sh.value` is a variable; `.5` a number.
  bool dotted_name = first == '.' && dialect_ == Dialect::Ksh && begin + 1 < end && is_name_start(src_[begin + 1]);
  if ((is_digit(first) || first == '.') && !dotted_name) {
    Node* number = make(NodeKind::ArithNumber, begin, end);
    number->text = slice(begin, end);
    return number;
  }
  if (peek() == '[' && !at_end()) {
    Node* variable = make(NodeKind::ArithVariable, begin, end);
    variable->text = slice(begin, end);
    // ksh `a[1].x`: a member of a compound element; the name spans it all.
    parse_subscripts_and_members(variable, begin);
    variable->end = pos_;
    return variable;
  }
  if (peek() == '(' && !at_end()) {
    DepthGuard depth(*this, begin);
    Node* call = make(NodeKind::ArithCall, begin, end);
    call->text = slice(begin, end);
    ++pos_;
    skip_arith_space();
    if (peek() != ')') {
      for (;;) {
        call->kids.push_back(parse_arith_assign());
        skip_arith_space();
        if (arith_operator() != ",") break;
        ++pos_;
      }
    }
    expect_arith(")");
    call->end = pos_;
    return call;
  }
  Node* variable = make(NodeKind::ArithVariable, begin, end);
  variable->text = slice(begin, end);
  return variable;
}

}  // namespace forklift::exact
