#include "analyzer/semantic/opaque_code.h"

#include <algorithm>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/builtins.h"
#include "analyzer/semantic/standard_utilities.h"
#include "analyzer/semantic/value_flow.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool runs_unseen_code(std::string_view name) { return name == "eval" || name == "." || name == "source"; }

}  // namespace

OpaqueCode::OpaqueCode(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                       const ReachingDefinitions& reaching, Dialect dialect)
    : source_(source), tree_(tree), scopes_(scopes), reaching_(reaching) {
  collect(dialect);
}

// The nearest `( )`, `$( )`, background job or pipeline stage before the
// last that holds `node`; with `stop_at_function`, only one inside the
// function around it (a function's body runs where it is called).
const Node* OpaqueCode::confining_subshell(const Node* node, bool stop_at_function) const {
  for (auto walk = tree_.walk_up(node); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || (stop_at_function && up->is(NodeKind::FunctionDef))) return nullptr;
    switch (up->kind) {
      case NodeKind::Subshell:
      case NodeKind::CommandSub:
      case NodeKind::Backtick:
      case NodeKind::ProcessSub:
      case NodeKind::Background:
      case NodeKind::Coprocess:
        return up;
      case NodeKind::Pipeline: {
        NodeSpan stages = PipelineView(up).commands();
        if (!stages.empty() && stages.back() != n) return n;
        break;
      }
      default:
        break;
    }
  }
  return nullptr;
}

void OpaqueCode::collect(Dialect dialect) {
  const std::vector<Function>& functions = scopes_.functions();
  std::vector<const Node*> unseen;   // eval, ., source and their `command` forms
  std::vector<const Node*> dynamic;  // `$cmd …`: may call any function
  std::vector<const Node*> unknown;  // a name that may be a function unseen code defined
  visit(tree_.root(), [&](const Node* node) {
    if (!node->is(NodeKind::SimpleCommand) || !has_words(node)) return true;
    std::vector<const Node*> words = command_words(node);
    std::optional<std::string> name = command_name(source_, node);
    if (!name) {
      bool names_eval = false;
      for (size_t i = 1; i < words.size(); ++i) {
        std::optional<std::string> word = static_word_value(source_, words[i]);
        names_eval = names_eval || (word && runs_unseen_code(*word));
      }
      // A variable may hold `eval` itself.
      if (const Node* param = plain_parameter(words[0]); param != nullptr && is_identifier(param->text)) {
        if (const Variable* variable = scopes_.lookup(param->text, param)) {
          for (const Definition& definition : variable->definitions) {
            std::optional<std::string> value =
                definition.value != nullptr ? static_word_value(source_, definition.value) : std::nullopt;
            if (definition.kind != DefinitionKind::Value || !value) continue;
            size_t start = value->find_first_not_of(" \t\n");
            std::string token =
                start == std::string::npos ? "" : value->substr(start, value->find_first_of(" \t\n", start) - start);
            names_eval = names_eval || runs_unseen_code(token) || token == "command" || token == "builtin";
          }
        }
      }
      (names_eval ? unseen : dynamic).push_back(node);
      return true;
    }
    if (runs_unseen_code(*name)) {
      unseen.push_back(node);
    } else if (*name == "command" || *name == "builtin") {
      std::optional<std::string> next = words.size() > 1 ? static_word_value(source_, words[1]) : std::nullopt;
      if (words.size() > 1 && (!next || runs_unseen_code(*next))) unseen.push_back(node);
    } else if (scopes_.function(*name) == nullptr && !is_builtin(*name, dialect) && !is_standard_utility(*name) &&
               name->find('/') == std::string::npos) {
      unknown.push_back(node);
    }
    return true;
  });
  auto add = [&](const Node* node) { commands_.push_back(Command{tree_.order(node), confining_subshell(node, false)}); };
  // Which functions run unseen code outside a subshell of their own,
  // closed over the calls between them.
  std::vector<bool> opaque(functions.size(), false);
  auto function_of = [&](const Node* node) -> std::optional<size_t> {
    if (confining_subshell(node, true) != nullptr) return std::nullopt;
    const Node* def = tree_.enclosing_function(node);
    for (size_t f = 0; def != nullptr && f < functions.size(); ++f) {
      if (functions[f].node == def) return f;
    }
    return std::nullopt;
  };
  // Once unseen code may have run it may have defined any function, which a
  // command named by an expansion or by an unknown name may call.
  if (!unseen.empty()) {
    unseen.insert(unseen.end(), dynamic.begin(), dynamic.end());
    unseen.insert(unseen.end(), unknown.begin(), unknown.end());
  }
  for (const Node* node : unseen) {
    add(node);
    if (std::optional<size_t> f = function_of(node)) opaque[*f] = true;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t f = 0; f < functions.size(); ++f) {
      if (!opaque[f]) continue;
      for (const Node* call : scopes_.calls(functions[f].name)) {
        std::optional<size_t> caller = function_of(call);
        if (caller && !opaque[*caller]) opaque[*caller] = changed = true;
      }
    }
  }
  for (size_t f = 0; f < functions.size(); ++f) {
    if (!opaque[f]) continue;
    for (const Node* call : scopes_.calls(functions[f].name)) add(call);
  }
  std::sort(commands_.begin(), commands_.end(), [](const Command& a, const Command& b) { return a.order < b.order; });
}

bool OpaqueCode::counts_for(const Command& command, const Node* use) const {
  return command.subshell == nullptr || tree_.contains(command.subshell, use);
}

bool OpaqueCode::runs_between(const Node* from, const Node* use) const {
  auto any_in = [&](uint32_t first, uint32_t end) {
    auto it = std::lower_bound(commands_.begin(), commands_.end(), first,
                               [](const Command& command, uint32_t order) { return command.order < order; });
    for (; it != commands_.end() && it->order < end; ++it) {
      if (counts_for(*it, use)) return true;
    }
    return false;
  };
  if (any_in(tree_.order(from) + 1, tree_.order(use))) return true;
  const Node* outer_loop = outermost_loop_after(tree_, from, use);
  return outer_loop != nullptr && any_in(tree_.order(outer_loop), tree_.subtree_end(outer_loop));
}

bool OpaqueCode::may_assign_before(std::string_view name, const Node* use) const {
  if (use != nullptr && use->is(NodeKind::ParamExp) && use->text == name) {
    if (const ReachingSet* reaching = reaching_.at(use)) return reaching->opaque;
  }
  if (empty()) return false;
  const Node* definition = nearest_definition(source_, tree_, name, use);
  return definition == nullptr || runs_between(definition, use);
}

}  // namespace forklift
