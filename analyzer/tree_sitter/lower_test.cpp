// `[[ ... ]]` expressions.
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {
namespace {

bool is_expression(std::string_view type) {
  return type == "binary_expression" || type == "unary_expression" || type == "parenthesized_expression";
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
  size_t op = kids.size();
  for (size_t i = 0; i < kids.size(); ++i) {
    if (kids[i].field == fields().operator_) {
      op = i;
      break;
    }
  }
  if (op == kids.size()) return error_node(c);
  // Operands may come as several adjacent nodes (`"$a"*`): one word each side.
  auto operand = [&](size_t from, size_t to) -> Node* {
    std::vector<Child> side;
    for (size_t i = from; i < to; ++i) {
      if (kids[i].type != "comment") side.push_back(kids[i]);
    }
    if (side.empty()) return nullptr;
    if (side.size() == 1 && is_expression(side.front().type)) return test_expression(side.front());
    return word(pieces_of_group(side), side.front().begin);
  };
  Node* right = operand(op + 1, kids.size());
  if (right == nullptr) return error_node(c);
  if (c.type == "unary_expression") {
    Node* unary = make(NodeKind::TestUnary, kids[op].begin, right->end);
    unary->op = slice(kids[op].begin, kids[op].end);
    unary->kids.push_back(right);
    return unary;
  }
  Node* left = operand(0, op);
  if (left == nullptr) return error_node(c);
  Node* binary = make(NodeKind::TestBinary, left->begin, right->end);
  binary->op = slice(kids[op].begin, kids[op].end);
  binary->kids = {left, right};
  return binary;
}

}  // namespace forklift::ts
