// Loops: which loop bodies each node runs in, and how often they are
// estimated to run.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

inline constexpr double kDefaultTripCount = 100;

struct Loop {
  const Node* node = nullptr;  // While, Until, For, Select or ArithFor
  const Node* body = nullptr;  // its body List
  int parent = -1;             // index of the enclosing loop, -1 at the outermost level
  int depth = 1;               // 1 for an outermost loop
  // Known from literal bounds (`for i in 1 2 3`, `for ((i=0; i<10; i++))`,
  // `$(seq 1 10)`, `i=0; while [ $i -lt 63 ]` with i counted up in the body).
  std::optional<double> literal_trip_count;
  // `while read …` (also `while IFS= read -r line`): one trip per input line,
  // fed by a redirection or a pipeline.
  bool reads_lines = false;

  double trip_count() const { return literal_trip_count.value_or(kDefaultTripCount); }
};

class LoopIndex {
 public:
  LoopIndex(std::string_view source, const TreeIndex& tree);

  const std::vector<Loop>& loops() const { return loops_; }
  // The innermost loop whose repeated part (condition, step or body; not the
  // `for` word list or the `for ((` initialiser) contains the node, or nullptr.
  const Loop* innermost(const Node* node) const;
  int depth(const Node* node) const;
  // Innermost first.
  std::vector<const Loop*> enclosing(const Node* node) const;
  const Loop* loop_of(const Node* loop_node) const;

 private:
  int innermost_index(const Node* node) const;
  std::optional<double> literal_trips(const Node* loop) const;
  std::optional<double> counter_trips(const Node* loop) const;
  bool reads_lines(const Node* loop) const;

  std::string_view source_;
  const TreeIndex& tree_;
  std::vector<Loop> loops_;
  absl::flat_hash_map<const Node*, int> index_;
};

bool is_loop(const Node* node);
// The body List of a loop node.
const Node* loop_body(const Node* loop);

}  // namespace forklift
