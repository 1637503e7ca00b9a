// Arithmetic. tree-sitter's arithmetic trees get precedence and associativity
// wrong in places (`-x + y` as `-(x + y)`, `a = b = c` to the left, `0x1F` as a
// name), so the expression is re-parsed here by precedence climbing over its
// bytes, with the expansions tree-sitter found inside it as operands.
#include <array>

#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

struct ArithSyntaxError {
  uint32_t offset;
};

enum class Tok { End, Number, Name, Part, Op };

struct Token {
  Tok kind = Tok::End;
  uint32_t begin = 0;
  uint32_t end = 0;
  Node* part = nullptr;             // Tok::Part
  uint32_t subscript_open = 0;      // Tok::Name with `[...]`: the brackets
  uint32_t subscript_close = 0;
};

// Longest first.
constexpr std::array<std::string_view, 33> kOperators{
    "<<=", ">>=", "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=",
    "%=",  "&=",  "^=", "|=", "+",  "-",  "*",  "/",  "%",  "<",  ">",  "&",  "^",  "|",  "!",  "~"};
constexpr std::string_view kSingleOperators = "?:,=()";

int binary_precedence(std::string_view op) {
  if (op == "||") return 4;
  if (op == "&&") return 5;
  if (op == "|") return 6;
  if (op == "^") return 7;
  if (op == "&") return 8;
  if (op == "==" || op == "!=") return 9;
  if (op == "<" || op == "<=" || op == ">" || op == ">=") return 10;
  if (op == "<<" || op == ">>") return 11;
  if (op == "+" || op == "-") return 12;
  if (op == "*" || op == "/" || op == "%") return 13;
  if (op == "**") return 14;
  return 0;
}

bool is_assignment_op(std::string_view op) {
  return op == "=" || op == "+=" || op == "-=" || op == "*=" || op == "/=" || op == "%=" || op == "<<=" ||
         op == ">>=" || op == "&=" || op == "^=" || op == "|=";
}

}  // namespace

class ArithParser {
 public:
  ArithParser(Lowering& lowering, Pieces pieces, uint32_t begin, uint32_t end)
      : low_(lowering), src_(lowering.src_), pieces_(std::move(pieces)), pos_(begin), end_(end) {
    advance();
  }

  Node* parse() {
    Node* expr = comma();
    if (tok_.kind != Tok::End) throw ArithSyntaxError{tok_.begin};
    return expr;
  }
  bool at_end() const { return tok_.kind == Tok::End; }

 private:
  std::string_view text(const Token& t) const { return src_.substr(t.begin, t.end - t.begin); }
  bool is_op(std::string_view op) const { return tok_.kind == Tok::Op && text(tok_) == op; }

  const Piece* part_at(uint32_t pos) const {
    for (const Piece& p : pieces_) {
      if (p.node != nullptr && p.begin == pos) return &p;
    }
    return nullptr;
  }

  void advance() {
    while (pos_ < end_) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (c == '\\' && pos_ + 1 < end_ && src_[pos_ + 1] == '\n') {
        pos_ += 2;
      } else {
        break;
      }
    }
    tok_ = Token{};
    tok_.begin = tok_.end = pos_;
    if (pos_ >= end_) return;
    if (const Piece* p = part_at(pos_)) {
      tok_ = Token{Tok::Part, p->begin, p->end, p->node, 0, 0};
      pos_ = p->end;
      return;
    }
    char c = src_[pos_];
    uint32_t start = pos_;
    if ((c >= '0' && c <= '9') || (c == '.' && pos_ + 1 < end_ && src_[pos_ + 1] >= '0' && src_[pos_ + 1] <= '9')) {
      while (pos_ < end_ && (is_name_char(src_[pos_]) || src_[pos_] == '#' || src_[pos_] == '@' || src_[pos_] == '.')) {
        ++pos_;
      }
      tok_ = Token{Tok::Number, start, pos_, nullptr, 0, 0};
      return;
    }
    if (is_name_start(c)) {
      while (pos_ < end_ && is_name_char(src_[pos_])) ++pos_;
      tok_ = Token{Tok::Name, start, pos_, nullptr, 0, 0};
      if (pos_ < end_ && src_[pos_] == '[') {
        uint32_t close = low_.matching_bracket(pieces_, pos_);
        if (close == UINT32_MAX || close >= end_) throw ArithSyntaxError{pos_};
        tok_.subscript_open = pos_;
        tok_.subscript_close = close;
        tok_.end = pos_ = close + 1;
      }
      return;
    }
    for (std::string_view op : kOperators) {
      if (src_.substr(pos_, op.size()) == op && pos_ + op.size() <= end_) {
        pos_ += static_cast<uint32_t>(op.size());
        tok_ = Token{Tok::Op, start, pos_, nullptr, 0, 0};
        return;
      }
    }
    if (kSingleOperators.find(c) != std::string_view::npos) {
      ++pos_;
      tok_ = Token{Tok::Op, start, pos_, nullptr, 0, 0};
      return;
    }
    throw ArithSyntaxError{pos_};
  }

  Node* node(NodeKind kind, uint32_t begin, uint32_t end) { return low_.make(kind, begin, end); }
  Node* binary(NodeKind kind, std::string_view op, Node* left, Node* right) {
    Node* n = node(kind, left->begin, right->end);
    n->op = op;
    n->kids = {left, right};
    return n;
  }

  Node* comma() {
    Node* left = assignment();
    while (is_op(",")) {
      std::string_view op = text(tok_);
      advance();
      left = binary(NodeKind::ArithBinary, op, left, assignment());
    }
    return left;
  }

  Node* assignment() {
    Node* left = ternary();
    if (tok_.kind == Tok::Op && is_assignment_op(text(tok_))) {
      std::string_view op = text(tok_);
      advance();
      DepthGuard guard(low_, tok_.begin);
      return binary(NodeKind::ArithAssign, op, left, assignment());
    }
    return left;
  }

  Node* ternary() {
    Node* cond = binary_at_least(4);
    if (!is_op("?")) return cond;
    advance();
    Node* then = comma();
    if (!is_op(":")) throw ArithSyntaxError{tok_.begin};
    advance();
    DepthGuard guard(low_, tok_.begin);
    Node* otherwise = ternary();
    Node* n = node(NodeKind::ArithTernary, cond->begin, otherwise->end);
    n->kids = {cond, then, otherwise};
    return n;
  }

  Node* binary_at_least(int min_precedence) {
    Node* left = unary();
    while (tok_.kind == Tok::Op) {
      std::string_view op = text(tok_);
      int precedence = binary_precedence(op);
      if (precedence == 0 || precedence < min_precedence) break;
      advance();
      DepthGuard guard(low_, tok_.begin);  // `**` chains recurse
      // `**` is right-associative; the others associate to the left.
      Node* right = binary_at_least(op == "**" ? precedence : precedence + 1);
      left = binary(NodeKind::ArithBinary, op, left, right);
    }
    return left;
  }

  Node* unary() {
    if (tok_.kind == Tok::Op) {
      std::string_view op = text(tok_);
      uint32_t begin = tok_.begin;
      if (op == "+" || op == "-" || op == "!" || op == "~" || op == "++" || op == "--") {
        advance();
        DepthGuard guard(low_, begin);
        Node* operand = unary();
        Node* n = node(op.size() == 2 ? NodeKind::ArithPreIncr : NodeKind::ArithUnary, begin, operand->end);
        n->op = op;
        n->kids.push_back(operand);
        return n;
      }
    }
    Node* operand = primary();
    while (is_op("++") || is_op("--")) {
      Node* n = node(NodeKind::ArithPostIncr, operand->begin, tok_.end);
      n->op = text(tok_);
      n->kids.push_back(operand);
      operand = n;
      advance();
    }
    return operand;
  }

  Node* primary() {
    Token t = tok_;
    switch (t.kind) {
      case Tok::Number: {
        advance();
        Node* n = node(NodeKind::ArithNumber, t.begin, t.end);
        n->text = text(t);
        return n;
      }
      case Tok::Part: {
        advance();
        Node* n = node(NodeKind::ArithWord, t.begin, t.end);
        n->kids.push_back(t.part);
        return n;
      }
      case Tok::Name: {
        advance();
        uint32_t name_end = t.subscript_open != 0 ? t.subscript_open : t.end;
        if (t.subscript_open == 0 && is_op("(") && tok_.begin == t.end) return call(t);
        Node* n = node(NodeKind::ArithVariable, t.begin, t.end);
        n->text = src_.substr(t.begin, name_end - t.begin);
        if (t.subscript_open != 0) n->kids.push_back(low_.subscript(pieces_, t.subscript_open, t.subscript_close));
        return n;
      }
      case Tok::Op:
        if (text(t) == "(") {
          DepthGuard guard(low_, t.begin);
          advance();
          Node* inner = comma();
          if (!is_op(")")) throw ArithSyntaxError{tok_.begin};
          Node* n = node(NodeKind::ArithGroup, t.begin, tok_.end);
          n->kids.push_back(inner);
          advance();
          return n;
        }
        break;
      case Tok::End:
        break;
    }
    throw ArithSyntaxError{t.begin};
  }

  Node* call(const Token& name) {
    Node* n = node(NodeKind::ArithCall, name.begin, name.end);
    n->text = text(name);
    advance();  // `(`
    while (!is_op(")")) {
      n->kids.push_back(assignment());
      if (is_op(",")) {
        advance();
      } else if (!is_op(")")) {
        throw ArithSyntaxError{tok_.begin};
      }
    }
    n->end = tok_.end;
    advance();
    return n;
  }

  Lowering& low_;
  std::string_view src_;
  Pieces pieces_;
  uint32_t pos_;
  uint32_t end_;
  Token tok_;
};

Node* Lowering::arith(TSNode container, uint32_t begin, uint32_t end, uint32_t empty_at) {
  Pieces pieces;
  collect_pieces(container, begin, end, pieces);
  return arith_of(std::move(pieces), begin, end, empty_at);
}

Node* Lowering::arith_of(Pieces pieces, uint32_t begin, uint32_t end, uint32_t empty_at) {
  try {
    ArithParser parser(*this, std::move(pieces), begin, end);
    if (parser.at_end()) return make(NodeKind::Empty, empty_at, empty_at);
    return parser.parse();
  } catch (const ArithSyntaxError& e) {
    fail(e.offset, "syntax error in arithmetic expression");
    return make(NodeKind::Error, begin, end);
  }
}

}  // namespace forklift::ts
