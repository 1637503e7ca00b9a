#include "analyzer/semantic/value_flow.h"

#include <algorithm>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/loops.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool assigns(std::string_view source, const Node* statement, std::string_view name) {
  if (statement->is(NodeKind::SimpleCommand) && command_name(source, statement) == "read") {
    if (has_redirects(statement)) return false;
    std::vector<const Node*> words = command_words(statement);
    return std::any_of(words.begin() + 1, words.end(),
                       [&](const Node* word) { return static_word_value(source, word) == name; });
  }
  if (!statement->is(NodeKind::SimpleCommand) && !statement->is(NodeKind::Declaration)) return false;
  if (statement->is(NodeKind::SimpleCommand) && has_words(statement)) return false;
  NodeSpan items = statement->is(NodeKind::SimpleCommand) ? SimpleCommandView(statement).items()
                                                           : DeclarationView(statement).items();
  return std::any_of(items.begin(), items.end(), [&](const Node* kid) {
    auto assignment = view_if<AssignmentView>(kid);
    return assignment && assignment->name() == name && assignment->value() != nullptr &&
           assignment->value()->is(NodeKind::Word) && assignment->subscript() == nullptr;
  });
}

}  // namespace

const Node* nearest_definition(std::string_view source, const TreeIndex& tree, std::string_view name, const Node* use) {
  for (auto walk = tree.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) return nullptr;
    if ((up->is(NodeKind::For) || up->is(NodeKind::Select)) && n == for_body(up) && up->text == name) return up;
    if (!up->is(NodeKind::List) && !up->is(NodeKind::Program)) continue;
    for (uint32_t i = walk.kid_index(); i-- > 0;) {
      if (assigns(source, statements_of(up)[i], name)) return statements_of(up)[i];
    }
  }
  return nullptr;
}

bool runs_between(const TreeIndex& tree, const std::vector<uint32_t>& sorted_orders, const Node* from, const Node* use) {
  auto any_in = [&](uint32_t first, uint32_t end) {
    auto it = std::lower_bound(sorted_orders.begin(), sorted_orders.end(), first);
    return it != sorted_orders.end() && *it < end;
  };
  if (any_in(tree.order(from) + 1, tree.order(use))) return true;
  const Node* outer_loop = outermost_loop_after(tree, from, use);
  return outer_loop != nullptr && any_in(tree.order(outer_loop), tree.subtree_end(outer_loop));
}

const Node* outermost_loop_after(const TreeIndex& tree, const Node* from, const Node* use) {
  const Node* outer_loop = nullptr;
  for (auto walk = tree.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    if (n == from || tree.contains(n, from)) break;
    if (is_loop(n)) outer_loop = n;
  }
  return outer_loop;
}

}  // namespace forklift
