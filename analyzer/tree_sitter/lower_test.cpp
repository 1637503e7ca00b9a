// `[[ ... ]]` expressions. Only `&&`, `||`, `!` and parentheses combine
// expressions; the operands of every other operator are words, whatever
// tree-sitter made of them (it reads `-*=` after `==` as a unary test, and
// `! a =~ b` as `(! a) =~ b`).
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

bool is_expression(std::string_view type) {
  return type == "binary_expression" || type == "unary_expression" || type == "parenthesized_expression";
}

struct Sides {
  std::vector<Child> left;
  Child op{};
  std::vector<Child> right;
  bool has_op = false;
};

Sides split_at_operator(const std::vector<Child>& kids, TSFieldId operator_field) {
  Sides sides;
  for (const Child& kid : kids) {
    if (kid.type == "comment") continue;
    if (!sides.has_op && kid.field == operator_field) {
      sides.op = kid;
      sides.has_op = true;
    } else {
      (sides.has_op ? sides.right : sides.left).push_back(kid);
    }
  }
  return sides;
}

}  // namespace

Node* Lowering::test_expression(const Child& c) {
  DepthGuard guard(*this, c.begin);
  if (!is_expression(c.type)) return word_of(c);
  std::vector<Child> kids = children(c.node);
  if (c.type == "parenthesized_expression") {
    for (const Child& kid : kids) {
      if (kid.named && kid.type != "comment") {
        Node* group = make(NodeKind::TestGroup, c.begin, c.end);
        group->kids.push_back(test_expression(kid));
        return group;
      }
    }
    return error_node(c);
  }
  Sides sides = split_at_operator(kids, fields().operator_);
  if (!sides.has_op || sides.right.empty()) return error_node(c);
  std::string_view op = slice(sides.op.begin, sides.op.end);
  auto operand_word = [&](const std::vector<Child>& side) {
    Pieces pieces;
    collect_pieces(c.node, side.front().begin, side.back().end, pieces);
    return word(pieces, side.front().begin);
  };
  auto operand_expression = [&](const std::vector<Child>& side) {
    return side.size() == 1 ? test_expression(side.front()) : operand_word(side);
  };
  if (c.type == "unary_expression") {
    Node* operand = op == "!" ? operand_expression(sides.right) : operand_word(sides.right);
    Node* unary = make(NodeKind::TestUnary, sides.op.begin, operand->end);
    unary->op = op;
    unary->kids.push_back(operand);
    return unary;
  }
  if (sides.left.empty()) return error_node(c);
  if (op == "&&" || op == "||") {
    Node* left = operand_expression(sides.left);
    Node* right = operand_expression(sides.right);
    Node* binary = make(NodeKind::TestBinary, left->begin, right->end);
    binary->op = op;
    binary->kids = {left, right};
    return binary;
  }
  return test_comparison(sides.left, sides.op, sides.right);
}

Node* Lowering::test_comparison(std::vector<Child> left, const Child& op_token, const std::vector<Child>& right) {
  DepthGuard guard(*this, op_token.begin);
  std::string_view op = slice(op_token.begin, op_token.end);
  // `a =~ b || c`: tree-sitter's right operand swallowed the rest of the
  // expression; `&&` and `||` bind looser than any comparison.
  if (right.size() == 1 && right.front().type == "binary_expression") {
    Sides inner = split_at_operator(children(right.front().node), fields().operator_);
    std::string_view logical = inner.has_op ? slice(inner.op.begin, inner.op.end) : "";
    if ((logical == "&&" || logical == "||") && !inner.left.empty() && !inner.right.empty()) {
      Node* first = test_comparison(left, op_token, inner.left);
      Node* rest = inner.right.size() == 1 ? test_expression(inner.right.front()) : word(pieces_of_group(inner.right), inner.right.front().begin);
      Node* joined = make(NodeKind::TestBinary, first->begin, rest->end);
      joined->op = logical;
      joined->kids = {first, rest};
      return joined;
    }
  }
  // `! a OP b` negates the comparison: peel the `!`s tree-sitter put on the left operand.
  std::vector<uint32_t> negations;
  while (left.size() == 1 && left.front().type == "unary_expression") {
    Sides inner = split_at_operator(children(left.front().node), fields().operator_);
    if (!inner.has_op || slice(inner.op.begin, inner.op.end) != "!" || inner.right.empty()) break;
    negations.push_back(inner.op.begin);
    left = inner.right;
  }
  Node* left_word = word(pieces_of_group(left), left.front().begin);
  Node* right_word = word(pieces_of_group(right), right.front().begin);
  Node* result = make(NodeKind::TestBinary, left_word->begin, right_word->end);
  result->op = op;
  result->kids = {left_word, right_word};
  for (size_t i = negations.size(); i-- > 0;) {
    Node* neg = make(NodeKind::TestUnary, negations[i], result->end);
    neg->op = slice(negations[i], negations[i] + 1);
    neg->kids.push_back(result);
    result = neg;
  }
  return result;
}

}  // namespace forklift::ts
