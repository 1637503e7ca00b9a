#include "analyzer/semantic/tree_index.h"

#include <algorithm>
#include <utility>

namespace forklift {
namespace {

bool holds_statements(const Node* node) { return node->is(NodeKind::List) || node->is(NodeKind::Program); }

}  // namespace

TreeIndex::TreeIndex(const Node* root) : root_(root) {
  if (root == nullptr) return;
  // Iterative: nesting depth is bounded by the front ends, but a deep tree
  // should not cost stack here.
  struct Pending {
    const Node* node;
    uint32_t parent;
    uint32_t kid_index;
  };
  std::vector<Pending> stack{{root, kNone, 0}};
  while (!stack.empty()) {
    auto [node, parent, kid_index] = stack.back();
    stack.pop_back();
    auto id = static_cast<uint32_t>(entries_.size());
    Entry entry{node, parent, id + 1, kNone, kNone, kid_index};
    if (parent != kNone) {
      const Entry& up = entries_[parent];
      entry.function = up.node->is(NodeKind::FunctionDef) ? parent : up.function;
      entry.statement = holds_statements(up.node) ? id : up.statement;
    }
    entries_.push_back(entry);
    if (node->is(NodeKind::CommandSub) || node->is(NodeKind::Backtick)) substitutions_.push_back(node);
    auto index = static_cast<uint32_t>(node->kids.size());
    for (auto kid = node->kids.rbegin(); kid != node->kids.rend(); ++kid) stack.push_back({*kid, id, --index});
  }
  // Kids come after their parent: one backward pass carries each subtree's end up.
  for (auto id = static_cast<uint32_t>(entries_.size()); id-- > 1;) {
    Entry& up = entries_[entries_[id].parent];
    up.subtree_end = std::max(up.subtree_end, entries_[id].subtree_end);
  }
  entries_.shrink_to_fit();
  for (uint32_t id = 0; id < entries_.size(); ++id) entries_[id].node->tree_id = id;
}

uint32_t TreeIndex::id(const Node* node) const {
  uint32_t at = node->tree_id;
  return at < entries_.size() && entries_[at].node == node ? at : kNone;
}

const Node* TreeIndex::parent(const Node* node) const {
  uint32_t at = id(node);
  return at == kNone ? nullptr : node_at(entries_[at].parent);
}

uint32_t TreeIndex::order(const Node* node) const {
  uint32_t at = id(node);
  return at == kNone ? 0 : at;
}

uint32_t TreeIndex::subtree_end(const Node* node) const {
  uint32_t at = id(node);
  return at == kNone ? 0 : entries_[at].subtree_end;
}

bool TreeIndex::contains(const Node* ancestor, const Node* node) const {
  if (ancestor == node) return true;
  uint32_t outer = id(ancestor);
  uint32_t inner = id(node);
  if (outer == kNone || inner == kNone) return false;
  return outer <= inner && inner < entries_[outer].subtree_end;
}

const Node* TreeIndex::enclosing_function(const Node* node) const {
  uint32_t at = id(node);
  return at == kNone ? nullptr : node_at(entries_[at].function);
}

const Node* TreeIndex::enclosing_statement(const Node* node) const {
  uint32_t at = id(node);
  return at == kNone ? nullptr : node_at(entries_[at].statement);
}

const Node* TreeIndex::WalkUp::parent() const {
  return id_ == kNone ? nullptr : index_->node_at(index_->entries_[id_].parent);
}

uint32_t TreeIndex::WalkUp::kid_index() const { return id_ == kNone ? 0 : index_->entries_[id_].kid_index; }

void TreeIndex::WalkUp::up() {
  id_ = id_ == kNone ? kNone : index_->entries_[id_].parent;
  node_ = index_->node_at(id_);
}

}  // namespace forklift
