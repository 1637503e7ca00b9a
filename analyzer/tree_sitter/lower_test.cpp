// `[[ ... ]]` expressions. tree-sitter's expression trees inside `[[ ]]` are
// not to be trusted (`a =~ b || c =~ d` comes as `(a =~ (b || c)) =~ d`,
// `-*=` after `==` as a unary test, `! a =~ b` as `(! a) =~ b`), so its tree is
// flattened back into tokens and parsed again with the shell's precedence:
// `||` < `&&` < `!` < unary and binary tests, parentheses grouping.
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

enum class TestTok { Operand, UnaryOp, BinaryOp, Open, Close };

struct TestToken {
  TestTok kind;
  Child child;  // for Operand: the node; for the others: the token
};

bool is_expression(std::string_view type) {
  return type == "binary_expression" || type == "unary_expression" || type == "parenthesized_expression";
}

void flatten(const Child& c, TSFieldId operator_field, std::vector<TestToken>& out) {
  if (!is_expression(c.type)) {
    out.push_back({TestTok::Operand, c});
    return;
  }
  bool unary = c.type == "unary_expression";
  for (const Child& kid : children(c.node)) {
    if (kid.type == "comment") continue;
    if (kid.field == operator_field) {
      out.push_back({unary ? TestTok::UnaryOp : TestTok::BinaryOp, kid});
    } else if (!kid.named && (kid.type == "(" || kid.type == ")")) {
      out.push_back({kid.type == "(" ? TestTok::Open : TestTok::Close, kid});
    } else {
      flatten(kid, operator_field, out);
    }
  }
}

}  // namespace

class TestParser {
 public:
  TestParser(Lowering& lowering, std::vector<TestToken> tokens) : low_(lowering), tokens_(std::move(tokens)) {}

  Node* parse() {
    Node* expr = disjunction();
    if (pos_ != tokens_.size()) throw pos_;
    return expr;
  }

 private:
  std::string_view text(size_t i) const { return low_.slice(tokens_[i].child.begin, tokens_[i].child.end); }
  bool at_logical(std::string_view op) const {
    return pos_ < tokens_.size() && tokens_[pos_].kind == TestTok::BinaryOp && text(pos_) == op;
  }

  Node* join(std::string_view op, Node* left, Node* right) {
    Node* n = low_.make(NodeKind::TestBinary, left->begin, right->end);
    n->op = op;
    n->kids = {left, right};
    return n;
  }

  Node* disjunction() {
    Node* left = conjunction();
    while (at_logical("||")) {
      std::string_view op = text(pos_++);
      left = join(op, left, conjunction());
    }
    return left;
  }

  Node* conjunction() {
    Node* left = negation();
    while (at_logical("&&")) {
      std::string_view op = text(pos_++);
      left = join(op, left, negation());
    }
    return left;
  }

  Node* negation() {
    DepthGuard guard(low_, pos_ < tokens_.size() ? tokens_[pos_].child.begin : 0);
    if (pos_ < tokens_.size() && tokens_[pos_].kind == TestTok::UnaryOp && text(pos_) == "!") {
      uint32_t begin = tokens_[pos_++].child.begin;
      Node* operand = negation();
      Node* n = low_.make(NodeKind::TestUnary, begin, operand->end);
      n->op = low_.slice(begin, begin + 1);
      n->kids.push_back(operand);
      return n;
    }
    return primary();
  }

  Node* primary() {
    if (pos_ >= tokens_.size()) throw pos_;
    const TestToken& t = tokens_[pos_];
    if (t.kind == TestTok::Open) {
      ++pos_;
      Node* inner = disjunction();
      if (pos_ >= tokens_.size() || tokens_[pos_].kind != TestTok::Close) throw pos_;
      Node* group = low_.make(NodeKind::TestGroup, t.child.begin, tokens_[pos_++].child.end);
      group->kids.push_back(inner);
      return group;
    }
    if (t.kind == TestTok::UnaryOp && pos_ + 1 < tokens_.size()) {
      ++pos_;
      Node* operand = word();
      Node* n = low_.make(NodeKind::TestUnary, t.child.begin, operand->end);
      n->op = low_.slice(t.child.begin, t.child.end);
      n->kids.push_back(operand);
      return n;
    }
    Node* left = word();
    if (pos_ < tokens_.size() && tokens_[pos_].kind == TestTok::BinaryOp && !at_logical("&&") && !at_logical("||")) {
      std::string_view op = text(pos_++);
      return join(op, left, word());
    }
    return left;
  }

  // One operand: the next token and every token glued to it (`-*=` came as
  // a unary `-` and a word `*=`).
  Node* word() {
    if (pos_ >= tokens_.size() || tokens_[pos_].kind == TestTok::Open || tokens_[pos_].kind == TestTok::Close) {
      throw pos_;
    }
    std::vector<Child> group{tokens_[pos_++].child};
    while (pos_ < tokens_.size() && tokens_[pos_].child.begin == group.back().end &&
           tokens_[pos_].kind != TestTok::Close) {
      group.push_back(tokens_[pos_++].child);
    }
    Pieces pieces;
    for (const Child& c : group) {
      if (c.named) {
        Pieces more = low_.pieces_of(c);
        for (const Piece& p : more) {
          if (p.node == nullptr) {
            add_literal_piece(pieces, p.begin, p.end);
          } else {
            pieces.push_back(p);
          }
        }
      } else {
        add_literal_piece(pieces, c.begin, c.end);
      }
    }
    return low_.word(pieces, group.front().begin);
  }

  Lowering& low_;
  std::vector<TestToken> tokens_;
  size_t pos_ = 0;
};

Node* Lowering::test_expression(const Child& c) {
  std::vector<TestToken> tokens;
  flatten(c, fields().operator_, tokens);
  try {
    return TestParser(*this, std::move(tokens)).parse();
  } catch (size_t) {
    fail(c.begin, "syntax error in conditional expression");
    return error_node(c);
  }
}

}  // namespace forklift::ts
