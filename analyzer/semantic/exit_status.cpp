#include "analyzer/semantic/exit_status.h"

#include <algorithm>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool is_condition_slot(const Node* parent, const Node* kid) {
  const Node* condition = condition_of(parent);
  return condition != nullptr && condition == kid;
}

// The assignment-only SimpleCommand whose value a substitution is part of.
const Node* assignment_command_of(const TreeIndex& tree, const Node* substitution) {
  auto walk = tree.walk_up(substitution);
  for (walk.up(); walk; walk.up()) {
    const Node* n = walk.node();
    if (n->is(NodeKind::SimpleCommand)) return has_words(n) ? nullptr : n;
    if (!n->is(NodeKind::Word) && !n->is(NodeKind::DoubleQuoted) && !n->is(NodeKind::Assignment)) return nullptr;
  }
  return nullptr;
}

}  // namespace

std::string_view describe_consumer(StatusConsumer consumer) {
  switch (consumer) {
    case StatusConsumer::Condition: return "a condition tests its exit status";
    case StatusConsumer::AndOr: return "`&&`/`||` tests its exit status";
    case StatusConsumer::Negation: return "`!` tests its exit status";
    case StatusConsumer::DollarQuestion: return "the next command reads `$?`";
    case StatusConsumer::ErrExit: return "`set -e` makes a failure exit the script";
    case StatusConsumer::PipeFail: return "`set -o pipefail` makes the pipeline report its status";
    case StatusConsumer::FunctionResult: return "it is the function's return status";
    case StatusConsumer::ScriptResult: return "it is the script's exit status";
  }
  return "";
}

ExitStatusUse::ExitStatusUse(std::string_view source, const TreeIndex& tree) : source_(source), tree_(tree) {
  scan_options();
}

void ExitStatusUse::scan_options() {
  std::string_view first_line = source_.substr(0, source_.find('\n'));
  if (first_line.starts_with("#!")) {
    size_t space = first_line.find_first_of(" \t");
    while (space != std::string_view::npos) {
      size_t start = first_line.find_first_not_of(" \t", space);
      if (start == std::string_view::npos) break;
      size_t end = first_line.find_first_of(" \t", start);
      std::string_view arg = first_line.substr(start, end == std::string_view::npos ? end : end - start);
      if (arg.size() > 1 && arg[0] == '-' && arg.find('e') != std::string_view::npos) errexit_ = true;
      if (arg.size() > 1 && arg[0] == '-' && arg.find('u') != std::string_view::npos) nounset_ = true;
      space = end;
    }
  }
  visit(tree_.root(), [&](const Node* node) {
    if (!node->is(NodeKind::SimpleCommand)) return true;
    std::optional<std::string> name = command_name(source_, node);
    std::vector<const Node*> words = command_words(node);
    if (name == "trap") {
      for (const Node* word : words) {
        if (static_word_value(source_, word) == "ERR") errexit_ = true;
      }
    }
    if (name != "set") return true;
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> arg = static_word_value(source_, words[i]);
      if (!arg) {
        // `set $opts`, `set -$flags`: any option, nounset included.
        std::string_view text = source_.substr(words[i]->begin, words[i]->end - words[i]->begin);
        if (text.starts_with('-') || text.starts_with('$') || text.starts_with('"')) nounset_ = true;
        continue;
      }
      if (*arg == "--" || *arg == "-") break;
      if (arg->size() < 2 || (*arg)[0] != '-') continue;
      if (*arg == "-o" && i + 1 < words.size()) {
        std::optional<std::string> option = static_word_value(source_, words[i + 1]);
        if (option == "errexit") errexit_ = true;
        if (option == "pipefail") pipefail_ = true;
        if (option == "nounset" || !option) nounset_ = true;
      } else if ((*arg)[1] != '-') {
        if (arg->find('e') != std::string::npos) errexit_ = true;
        if (arg->find('u') != std::string::npos) nounset_ = true;
      }
      if (arg->find('o') != std::string::npos && i + 1 < words.size() &&
          static_word_value(source_, words[i + 1]) == "pipefail") {
        pipefail_ = true;
      }
    }
    return true;
  });
}

bool ExitStatusUse::in_tested_context(const Node* node) const {
  for (auto walk = tree_.walk_up(node); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) return false;
    if (is_condition_slot(up, n) || up->is(NodeKind::Negated)) return true;
    if ((up->is(NodeKind::AndIf) || up->is(NodeKind::OrIf)) && and_or_left(up) == n) return true;
  }
  return false;
}

namespace {

// The part of a statement that runs before any command of it has ended:
// `$?` after that reads a status of the statement's own (`A && f $?`).
const Node* runs_first(const Node* statement) {
  for (;;) {
    if (statement->is(NodeKind::AndIf) || statement->is(NodeKind::OrIf)) {
      statement = and_or_left(statement);
    } else if (statement->is(NodeKind::Negated)) {
      statement = NegatedView(statement).pipeline();
    } else {
      return statement;
    }
  }
}

}  // namespace

bool ExitStatusUse::next_uses_status(const Node* list, const Node* statement) const {
  NodeSpan statements = statements_of(list);
  auto it = std::find(statements.begin(), statements.end(), statement);
  if (it == statements.end() || it + 1 == statements.end()) return false;
  bool uses = false;
  visit(runs_first(*(it + 1)), [&](const Node* node) {
    if (node->is(NodeKind::ParamExp) && node->text == "?") uses = true;
    return !uses;
  });
  return uses;
}

std::optional<StatusConsumer> ExitStatusUse::consumer(const Node* command) const {
  for (auto walk = tree_.walk_up(command);;) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr) return StatusConsumer::ScriptResult;
    switch (up->kind) {
      case NodeKind::Negated:
        return StatusConsumer::Negation;
      case NodeKind::AndIf:
      case NodeKind::OrIf:
        if (and_or_left(up) == n) return StatusConsumer::AndOr;
        break;
      case NodeKind::Pipeline:
        if (PipelineView(up).commands().back() != n) return pipefail_ ? std::optional(StatusConsumer::PipeFail) : std::nullopt;
        break;
      case NodeKind::If:
      case NodeKind::Elif:
      case NodeKind::While:
      case NodeKind::Until:
        if (condition_of(up) == n) return StatusConsumer::Condition;
        break;
      case NodeKind::FunctionDef:
        return StatusConsumer::FunctionResult;
      case NodeKind::Background:
      case NodeKind::ProcessSub:
      case NodeKind::Coprocess:
        return std::nullopt;
      case NodeKind::CommandSub:
      case NodeKind::Backtick: {
        const Node* assignment = assignment_command_of(tree_, up);
        if (assignment == nullptr) return std::nullopt;
        walk = tree_.walk_up(assignment);
        continue;
      }
      case NodeKind::Program:
      case NodeKind::List:
        if (statements_of(up).back() != n) {
          if (next_uses_status(up, n)) return StatusConsumer::DollarQuestion;
          if (errexit_ && !in_tested_context(n)) return StatusConsumer::ErrExit;
          return std::nullopt;
        }
        if (up->is(NodeKind::Program)) return StatusConsumer::ScriptResult;
        break;
      default:
        break;
    }
    walk.up();
  }
}

}  // namespace forklift
