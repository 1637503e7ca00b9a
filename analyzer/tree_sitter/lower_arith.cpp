// Arithmetic. tree-sitter's arithmetic trees get precedence and associativity
// wrong in places (`-x + y` as `-(x + y)`, `a = b = c` to the left, `0x1F` as a
// name), so the span is handed to the exact parser's arithmetic parser, which
// also reads the expansions inside it: both front ends build the same nodes.
#include "analyzer/exact_parser.h"
#include "analyzer/tree_sitter/lowering.h"

namespace forklift::ts {

Node* Lowering::arith(uint32_t begin, uint32_t end) {
  DepthGuard guard(*this, begin);
  std::vector<ParseError> errors;
  if (Node* expr = parse_arithmetic(ast_, src_, dialect_, begin, end, errors)) return expr;
  fail(errors.front().offset, errors.front().message);
  return make(NodeKind::Error, begin, end);
}

}  // namespace forklift::ts
