// Where in the flow of a script a value is set, for value facts: the
// definition a use reads on every path, and whether a command may run
// between the two.
#pragma once

#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

// The statement that sets `name` on every path to `use` last: an earlier
// statement of an enclosing list that assigns it (`x=…`, `typeset x=…`, a
// `read` of it without redirections), or a `for` loop over it whose body
// holds the use. nullptr when there is none in the use's function.
const Node* nearest_definition(std::string_view source, const TreeIndex& tree, std::string_view name, const Node* use);

// Whether one of the commands at `sorted_orders` (their TreeIndex::order,
// ascending) may run after `from` starts and before `use`: it is between them
// in the text, or in a loop around the use that `from` is outside of.
bool runs_between(const TreeIndex& tree, const std::vector<uint32_t>& sorted_orders, const Node* from, const Node* use);

// The outermost loop around `use` that is not around `from`: loops nest, so
// it holds every command that runs again before the use. nullptr if none.
const Node* outermost_loop_after(const TreeIndex& tree, const Node* from, const Node* use);

}  // namespace forklift
