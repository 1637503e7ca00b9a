// Parent links and source order for every node of a tree, built once.
#pragma once

#include <cstdint>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"

namespace forklift {

class TreeIndex {
 public:
  explicit TreeIndex(const Node* root);

  const Node* root() const { return root_; }
  const Node* parent(const Node* node) const;
  // Pre-order position: an ancestor comes before its descendants, and earlier
  // siblings before later ones.
  uint32_t order(const Node* node) const;
  bool contains(const Node* ancestor, const Node* node) const;
  // The innermost FunctionDef around a node, or nullptr at the top level.
  const Node* enclosing_function(const Node* node) const;
  // The ancestor-or-self of `node` that is a direct kid of a List (a statement).
  const Node* enclosing_statement(const Node* node) const;

 private:
  struct Entry {
    const Node* parent = nullptr;
    uint32_t order = 0;
  };
  const Node* root_;
  absl::flat_hash_map<const Node*, Entry> entries_;
};

}  // namespace forklift
