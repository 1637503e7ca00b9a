#include "rules/substitution_site.h"

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {

SubstitutionSite locate_substitution(const SemanticModel& model, const Node* substitution) {
  SubstitutionSite site;
  site.substitution = substitution;
  const Node* up = model.parent(substitution);
  site.quoted = up != nullptr && up->is(NodeKind::DoubleQuoted);
  for (const Node* n = up; n != nullptr; n = model.parent(n)) {
    if (n->is(NodeKind::Word)) {
      site.word = n;
      break;
    }
    if (!n->is(NodeKind::DoubleQuoted)) break;
  }
  if (site.word == nullptr) return site;
  NodeSpan parts = WordView(site.word).parts();
  site.whole_word = parts.size() == 1 &&
                    (parts[0] == substitution || (site.quoted && parts[0] == up && up->kids.size() == 1));
  const Node* owner = model.parent(site.word);
  if (owner != nullptr && owner->is(NodeKind::Assignment)) {
    site.assignment = owner;
    owner = model.parent(owner);
  }
  if (owner != nullptr && (owner->is(NodeKind::SimpleCommand) || owner->is(NodeKind::Declaration))) {
    site.command = owner;
    site.sets_command_status = owner->is(NodeKind::SimpleCommand) && site.assignment != nullptr &&
                               command_words(owner).empty();
  }
  return site;
}

const Node* own_assignment_statement(const SemanticModel& model, const SubstitutionSite& site) {
  if (!site.sets_command_status || !site.whole_word || site.command->kids.size() != 1) return nullptr;
  if (site.assignment->op != "=" || !is_identifier(site.assignment->text)) return nullptr;
  // `a[1]=$(…)`: a rewrite that sets the name would set `a` itself.
  for (const Node* kid : site.assignment->kids) {
    if (kid->is(NodeKind::Subscript)) return nullptr;
  }
  const Node* up = model.parent(site.command);
  if (up == nullptr || !(up->is(NodeKind::List) || up->is(NodeKind::Program))) return nullptr;
  return site.command;
}

namespace {

// A `case` inside another `$( )` saves no fork of that one and hides its command.
bool inside_substitution(const SemanticModel& model, const Node* node) {
  for (auto up = model.walk_up(node); up; up.up()) {
    if (up.node() != node && (up.node()->is(NodeKind::CommandSub) || up.node()->is(NodeKind::Backtick))) return true;
  }
  return false;
}

// A definition of `$variable` the model records inside `command` but outside
// `substitution` (`v=1 cmd`, `${v:=…}`, `$((v += 1))`): it may run before the
// substitution reads the value the guard read. The assignment whose value
// holds the substitution (`v=$(…)/x`) assigns only once its value is expanded.
bool may_assign_elsewhere(const SemanticModel& model, const SubstitutionSite& site, std::string_view variable) {
  const Variable* defined = model.variable(variable, site.command);
  if (defined == nullptr) return false;
  return std::any_of(defined->definitions.begin(), defined->definitions.end(), [&](const Definition& d) {
    return d.node != nullptr && d.node != site.assignment && model.contains(site.command, d.node) &&
           !model.contains(site.substitution, d.node);
  });
}

}  // namespace

const Node* guard_statement(const SemanticModel& model, const SubstitutionSite& site, std::string_view variable) {
  if (const Node* own = own_assignment_statement(model, site)) return own;
  const Node* command = site.command;
  if (command == nullptr || inside_substitution(model, command)) return nullptr;
  if (guardable_command(model, command) == nullptr || may_assign_elsewhere(model, site, variable)) return nullptr;
  return command;
}

const Node* guardable_command(const SemanticModel& model, const Node* command) {
  const Node* up = model.parent(command);
  if (up == nullptr || !(up->is(NodeKind::List) || up->is(NodeKind::Program) || up->is(NodeKind::AndIf) ||
                         up->is(NodeKind::OrIf) || up->is(NodeKind::Negated))) {
    return nullptr;
  }
  // Both arms hold the command: a here-document would have one body for two
  // operators, and a second line would move every line after it.
  std::string_view text = model.text(command);
  if (text.find('\n') != std::string_view::npos || text.find("<<") != std::string_view::npos) return nullptr;
  return command;
}

// Asked for nearly every substitution by several rules: most files have no
// escaped backtick at all, and the walk up costs one lookup, not one per step.
bool inside_escaped_backtick(const SemanticModel& model, const Node* node) {
  if (!model.has_escaped_backtick()) return false;
  for (auto up = model.walk_up(node); up; up.up()) {
    if (up.node()->is(NodeKind::Backtick) && escaped_backtick(model.text(up.node()))) return true;
  }
  return false;
}

std::string unused_variable_name(const SemanticModel& model, const std::string& base) {
  std::string name = base;
  for (int i = 2; model.source().find(name) != std::string_view::npos; ++i) name = fmt::format("{}{}", base, i);
  return name;
}

}  // namespace forklift
