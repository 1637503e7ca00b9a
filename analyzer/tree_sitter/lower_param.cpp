// Parameter expansions. tree-sitter's tree for the inside of `${...}` is lossy
// (patterns become `regex` leaves, `@Q` two tokens, `${x~~}` an error), so the
// span is handed to the exact parser, which reads the operator, the operands
// and the expansions nested in them.
#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {

Node* Lowering::simple_param(const Child& c) {
  uint32_t begin = part_begin(c);
  Node* param = make(NodeKind::ParamExp, begin, c.end);
  param->text = slice(begin + 1, c.end);
  return param;
}

Node* Lowering::param_expansion(const Child& c) {
  uint32_t begin = part_begin(c);
  if (c.end < begin + 3 || src_[c.end - 1] != '}' || src_.substr(begin, 2) != "${") return error_node(c);
  return braced_param(begin, c.end);
}

Node* Lowering::braced_param(uint32_t begin, uint32_t end) {
  std::vector<ParseError> errors;
  if (Node* param = parse_expansion(ast_, src_, dialect_, {begin, end, double_quotes_ > 0}, errors)) return param;
  fail(errors.front().offset, errors.front().message);
  return make(NodeKind::Error, begin, end);
}

}  // namespace forklift::ts
