#include "lsp/node_lookup.h"

namespace forklift::lsp {

std::vector<const Node*> nodes_at(const Ast& ast, uint32_t offset) {
  std::vector<const Node*> path;
  // Pre-order: an ancestor is seen before its descendants, so the path stays
  // outermost-first as long as only nodes holding the offset are kept.
  visit(ast.root, [&](const Node* node) {
    if (node->begin <= offset && offset <= node->end) {
      while (!path.empty() && !(path.back()->begin <= node->begin && node->end <= path.back()->end)) path.pop_back();
      path.push_back(node);
    }
    return true;
  });
  return path;
}

Span slice_span(std::string_view source, std::string_view slice) {
  auto begin = static_cast<uint32_t>(slice.data() - source.data());
  return {begin, begin + static_cast<uint32_t>(slice.size())};
}

const Node* command_name_word(const Node* simple_command) {
  if (simple_command == nullptr || !simple_command->is(NodeKind::SimpleCommand)) return nullptr;
  for (const Node* kid : simple_command->kids) {
    if (kid->is(NodeKind::Word)) return kid;
  }
  return nullptr;
}

std::string_view node_text(std::string_view source, const Node* node) {
  return source.substr(node->begin, node->end - node->begin);
}

}  // namespace forklift::lsp
