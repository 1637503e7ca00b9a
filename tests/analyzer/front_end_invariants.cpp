#include "tests/analyzer/front_end_invariants.h"

#include <fmt/format.h>

#include "analyzer/ast_shape.h"

namespace forklift::test {
namespace {

bool is_slice_of(std::string_view part, std::string_view source) {
  return part.empty() || (part.data() >= source.data() && part.data() + part.size() <= source.data() + source.size());
}

std::string where(const Node* node) { return fmt::format("{}@{}-{}", kind_name(node->kind), node->begin, node->end); }

// `outer` is the span the node must lie in (a here-document body escapes its Redirect).
std::string check(const Node* node, std::string_view source, Span outer) {
  if (node->begin > node->end || node->end > source.size()) return where(node) + ": span out of the source";
  if (node->kind != NodeKind::HereDocBody && (node->begin < outer.begin || node->end > outer.end)) {
    return fmt::format("{}: outside its parent {}-{}", where(node), outer.begin, outer.end);
  }
  if (!is_slice_of(node->text, source)) return where(node) + ": text not a slice";
  if (node->kind == NodeKind::Literal && node->text != source.substr(node->begin, node->end - node->begin)) {
    return where(node) + ": literal text differs from its span";
  }
  if (node->kind == NodeKind::Literal && node->begin == node->end) return where(node) + ": empty literal";
  const Node* previous = nullptr;
  for (const Node* kid : node->kids) {
    if (kid == nullptr) return where(node) + ": null kid";
    if (previous != nullptr && kid->kind != NodeKind::HereDocBody && previous->end > kid->begin &&
        previous->kind != NodeKind::HereDocBody) {
      return fmt::format("{}: kids {} and {} overlap or are out of order", where(node), where(previous), where(kid));
    }
    if (node->kind == NodeKind::Word && previous != nullptr && previous->kind == NodeKind::Literal &&
        kid->kind == NodeKind::Literal && previous->end == kid->begin) {
      return where(node) + ": adjacent literals not merged";
    }
    Span inner = kid->kind == NodeKind::HereDocBody ? kid->span() : node->span();
    std::string problem = check(kid, source, inner);
    if (!problem.empty()) return where(node) + " > " + problem;
    previous = kid;
  }
  return {};
}

}  // namespace

std::string check_ast_invariants(const Ast& ast, std::string_view source) {
  if (ast.root == nullptr) return "no root";
  if (ast.root->kind != NodeKind::Program || ast.root->begin != 0 || ast.root->end != source.size()) {
    return "root is not a Program over the whole source: " + where(ast.root);
  }
  for (const Span& comment : ast.comments) {
    if (comment.begin >= comment.end || comment.end > source.size() || source[comment.begin] != '#') {
      return fmt::format("comment {}-{} is not a comment", comment.begin, comment.end);
    }
  }
  std::string problem = check(ast.root, source, ast.root->span());
  return problem.empty() ? check_shape(ast.root) : problem;
}

std::string shape(const Node* node) {
  std::string out(kind_name(node->kind));
  if (node->kids.empty()) return out;
  out += '(';
  for (size_t i = 0; i < node->kids.size(); ++i) {
    if (i > 0) out += ' ';
    out += shape(node->kids[i]);
  }
  out += ')';
  return out;
}

const Node* find_node(const Node* root, NodeKind kind) {
  const Node* found = nullptr;
  visit(root, [&](const Node* n) {
    if (found == nullptr && n->kind == kind) found = n;
    return found == nullptr;
  });
  return found;
}

}  // namespace forklift::test
