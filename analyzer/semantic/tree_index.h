// Parent links and source order for every node of a tree, built once.
//
// Nodes are numbered in pre-order and everything is kept in one table by
// that number, which each node holds (Node::tree_id): finding a node's entry
// costs no lookup, and walking up from it (WalkUp) or asking about its
// enclosing function or statement costs no more. The semantic model walks up
// from nearly every node: a hash lookup per step was a fifth of the time of a
// whole analysis, and a hash lookup per node still an eighth
// (bench/README.md, lsp_latency). One index per tree: a second, over the
// same nodes, would renumber them.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "analyzer/ast.h"

namespace forklift {

class TreeIndex {
 public:
  explicit TreeIndex(const Node* root);

  // A walk from a node to the root, the node itself first. A node outside the
  // tree is walked alone, as a root.
  class WalkUp {
   public:
    explicit operator bool() const { return node_ != nullptr; }
    const Node* node() const { return node_; }
    const Node* parent() const;  // of node(); nullptr at the root
    // Where node() is among parent()'s kids (0 at the root): the siblings
    // before it can be read without searching for it.
    uint32_t kid_index() const;
    void up();

   private:
    friend class TreeIndex;
    WalkUp(const TreeIndex& index, const Node* node, uint32_t id) : index_(&index), node_(node), id_(id) {}
    const TreeIndex* index_;
    const Node* node_;
    uint32_t id_;
  };

  const Node* root() const { return root_; }
  const Node* parent(const Node* node) const;
  WalkUp walk_up(const Node* node) const { return WalkUp(*this, node, id(node)); }
  // Pre-order position: an ancestor comes before its descendants, and earlier
  // siblings before later ones.
  uint32_t order(const Node* node) const;
  // One past the pre-order position of the node's last descendant: the node
  // and its subtree are the positions [order(node), subtree_end(node)).
  uint32_t subtree_end(const Node* node) const;
  bool contains(const Node* ancestor, const Node* node) const;
  // The innermost FunctionDef around a node, or nullptr at the top level.
  const Node* enclosing_function(const Node* node) const;
  // The ancestor-or-self of `node` that is a direct kid of a List (a statement).
  const Node* enclosing_statement(const Node* node) const;
  // Every CommandSub and Backtick, in source (pre-)order: several rules look
  // at each, and collecting them here saves each its own walk of the tree.
  const std::vector<const Node*>& substitutions() const { return substitutions_; }

 private:
  static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
  struct Entry {
    const Node* node = nullptr;
    uint32_t parent = kNone;
    uint32_t subtree_end = 0;  // one past the last id of the node's descendants
    uint32_t function = kNone; // innermost FunctionDef strictly above
    uint32_t statement = kNone;
    uint32_t kid_index = 0;
  };

  uint32_t id(const Node* node) const;
  const Node* node_at(uint32_t id) const { return id == kNone ? nullptr : entries_[id].node; }

  const Node* root_;
  std::vector<Entry> entries_;  // by pre-order id
  std::vector<const Node*> substitutions_;
};

}  // namespace forklift
