#include "analyzer/ast_shape.h"

#include <fmt/format.h>

#include "analyzer/ast_views.h"

namespace forklift {
namespace {

std::string where(const Node* node) { return fmt::format("{}@{}-{}", kind_name(node->kind), node->begin, node->end); }

// Reads the kids against the fields as the views do; the first field that
// lacks a kid, or a kid no field takes, is the problem.
std::string check_fields(const Node* node) {
  std::span<const FieldSpec> fields = fields_of(node->kind);
  size_t k = 0;
  const size_t size = node->kids.size();
  for (const FieldSpec& field : fields) {
    const size_t first = k;
    const bool single = field.arity == Arity::one || field.arity == Arity::opt;
    while (k < size && field_takes(field, node->kids[k]) && !(single && k > first)) ++k;
    const bool required = field.arity == Arity::one || field.arity == Arity::some;
    if (required && k == first) {
      if (k < size) return fmt::format("{}: field {} cannot hold {}", where(node), field.name, where(node->kids[k]));
      return fmt::format("{}: field {} is missing", where(node), field.name);
    }
  }
  if (k < size) return fmt::format("{}: no field holds kid {} ({})", where(node), k, where(node->kids[k]));
  return {};
}

bool operator_known(const Node* node) {
  switch (node->kind) {
    case NodeKind::ParamExp: return param_operator(node->op).has_value();
    case NodeKind::Redirect: return redirect_operator(node->text).has_value();
    case NodeKind::Assignment: return node->op == "=" || node->op == "+=";
    case NodeKind::ArithBinary:
    case NodeKind::ArithAssign:
    case NodeKind::ArithPreIncr:
    case NodeKind::ArithPostIncr: return arith_operator(node->op).has_value();
    case NodeKind::ArithUnary: return node->op == "-" || node->op == "+" || node->op == "!" || node->op == "~";
    default: return true;
  }
}

}  // namespace

std::span<const FieldSpec> fields_of(NodeKind kind) {
  switch (kind) {
#define FORKLIFT_NODE(name, ...) \
  case NodeKind::name:           \
    return name##View::kFields;
#include "analyzer/ast_schema.def"
  }
  return {};
}

std::string check_shape(const Node* root) {
  std::string problem;
  visit(root, [&](const Node* node) {
    if (!problem.empty()) return false;
    problem = check_fields(node);
    if (problem.empty() && !operator_known(node)) problem = fmt::format("{}: unknown operator {:?}", where(node), node->op);
    return problem.empty();
  });
  return problem;
}

}  // namespace forklift
