#include "analyzer/semantic/fork_sites.h"

#include "analyzer/ast_views.h"
#include "analyzer/semantic/builtins.h"
#include "analyzer/semantic/words.h"

namespace forklift {

ForkCounter::ForkCounter(std::string_view source, const ScopeIndex& scopes, Dialect dialect)
    : source_(source), scopes_(scopes), dialect_(dialect) {}

CommandKind ForkCounter::command_kind(const Node* simple_command) const {
  if (simple_command->is(NodeKind::Declaration)) return CommandKind::Builtin;
  if (!has_words(simple_command)) return CommandKind::None;
  std::optional<std::string> name = command_name(source_, simple_command);
  if (!name) return CommandKind::Dynamic;
  if (scopes_.function(*name) != nullptr) return CommandKind::Function;
  if (is_builtin(*name, dialect_)) return CommandKind::Builtin;
  return CommandKind::External;
}

bool ForkCounter::is_external(const Node* node) const {
  if (!node->is(NodeKind::SimpleCommand)) return false;
  CommandKind kind = command_kind(node);
  return kind == CommandKind::External || kind == CommandKind::Dynamic;
}

bool ForkCounter::ends_in_external(const Node* list) const {
  if (list == nullptr) return false;
  NodeSpan statements = ListView(list).statements();
  return !statements.empty() && is_external(statements.back());
}

double ForkCounter::own_forks(const Node* node) const {
  switch (node->kind) {
    case NodeKind::SimpleCommand:
      return is_external(node) ? 1 : 0;
    case NodeKind::CommandSub:
    case NodeKind::Backtick:
    case NodeKind::Subshell:
      if (!forks_for_subshells(dialect_) || inner_list(node) == nullptr) return 0;
      return ends_in_external(inner_list(node)) ? 0 : 1;
    case NodeKind::Pipeline: {
      double forks = 0;
      NodeSpan commands = PipelineView(node).commands();
      for (size_t i = 0; i < commands.size(); ++i) {
        bool in_current_shell = dialect_ == Dialect::Ksh && i + 1 == commands.size();
        if (!is_external(commands[i]) && !in_current_shell) forks += 1;
      }
      return forks;
    }
    case NodeKind::Background:
      return is_external(BackgroundView(node).command()) ? 0 : 1;
    case NodeKind::Coprocess:
      return is_external(CoprocessView(node).command()) ? 0 : 1;
    case NodeKind::ProcessSub:
      return ends_in_external(inner_list(node)) ? 0 : 1;
    default:
      return 0;
  }
}

double ForkCounter::forks(const Node* node) const {
  double total = 0;
  visit(node, [&](const Node* n) {
    if (n->is(NodeKind::FunctionDef)) return false;
    total += own_forks(n);
    return true;
  });
  return total;
}

std::vector<ForkSite> ForkCounter::sites(const Node* root) const {
  std::vector<ForkSite> out;
  visit(root, [&](const Node* n) {
    if (double forks = own_forks(n); forks > 0) out.push_back(ForkSite{n, forks});
    return true;
  });
  return out;
}

}  // namespace forklift
