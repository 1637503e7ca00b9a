#include "analyzer/semantic/value_flow.h"

#include <algorithm>

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
  return std::any_of(statement->kids.begin(), statement->kids.end(), [&](const Node* kid) {
    return kid->is(NodeKind::Assignment) && kid->text == name && !kid->kids.empty() && kid->kids.back()->is(NodeKind::Word) &&
           !kid->kids.front()->is(NodeKind::Subscript);
  });
}

}  // namespace

const Node* nearest_definition(std::string_view source, const TreeIndex& tree, std::string_view name, const Node* use) {
  for (auto walk = tree.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) return nullptr;
    if ((up->is(NodeKind::For) || up->is(NodeKind::Select)) && n == up->kids.back() && up->text == name) return up;
    if (!up->is(NodeKind::List) && !up->is(NodeKind::Program)) continue;
    for (uint32_t i = walk.kid_index(); i-- > 0;) {
      if (assigns(source, up->kids[i], name)) return up->kids[i];
    }
  }
  return nullptr;
}

bool runs_between(const TreeIndex& tree, const std::vector<const Node*>& commands, const Node* from, const Node* use) {
  uint32_t begin = tree.order(from), end = tree.order(use);
  for (const Node* command : commands) {
    uint32_t at = tree.order(command);
    if (at > begin && at < end) return true;
    for (auto walk = tree.walk_up(use); walk; walk.up()) {
      const Node* n = walk.node();
      if (n == from || tree.contains(n, from)) break;
      if (is_loop(n) && tree.contains(n, command)) return true;
    }
  }
  return false;
}

}  // namespace forklift
