#include "analyzer/semantic/tree_index.h"

#include <utility>
#include <vector>

namespace forklift {

TreeIndex::TreeIndex(const Node* root) : root_(root) {
  if (root == nullptr) return;
  // Iterative: nesting depth is bounded by the front ends, but a deep tree
  // should not cost stack here.
  std::vector<std::pair<const Node*, const Node*>> stack{{root, nullptr}};
  uint32_t next = 0;
  while (!stack.empty()) {
    auto [node, parent] = stack.back();
    stack.pop_back();
    entries_[node] = Entry{parent, next++};
    for (auto it = node->kids.rbegin(); it != node->kids.rend(); ++it) stack.emplace_back(*it, node);
  }
}

const Node* TreeIndex::parent(const Node* node) const {
  auto it = entries_.find(node);
  return it == entries_.end() ? nullptr : it->second.parent;
}

uint32_t TreeIndex::order(const Node* node) const {
  auto it = entries_.find(node);
  return it == entries_.end() ? 0 : it->second.order;
}

bool TreeIndex::contains(const Node* ancestor, const Node* node) const {
  for (const Node* n = node; n != nullptr; n = parent(n)) {
    if (n == ancestor) return true;
  }
  return false;
}

const Node* TreeIndex::enclosing_function(const Node* node) const {
  for (const Node* n = parent(node); n != nullptr; n = parent(n)) {
    if (n->is(NodeKind::FunctionDef)) return n;
  }
  return nullptr;
}

const Node* TreeIndex::enclosing_statement(const Node* node) const {
  for (const Node* n = node; n != nullptr; n = parent(n)) {
    const Node* up = parent(n);
    if (up != nullptr && (up->is(NodeKind::List) || up->is(NodeKind::Program))) return n;
  }
  return nullptr;
}

}  // namespace forklift
