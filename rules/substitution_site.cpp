#include "rules/substitution_site.h"

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
  site.whole_word = site.word->kids.size() == 1 &&
                    (site.word->kids[0] == substitution ||
                     (site.quoted && site.word->kids[0] == up && up->kids.size() == 1));
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

bool inside_escaped_backtick(const SemanticModel& model, const Node* node) {
  for (const Node* n = node; n != nullptr; n = model.parent(n)) {
    if (!n->is(NodeKind::Backtick)) continue;
    std::string_view text = model.text(n);
    for (std::string_view escape : {"\\$", "\\`", "\\\\"}) {
      if (text.find(escape) != std::string_view::npos) return true;
    }
  }
  return false;
}

std::vector<const Node*> substitutions(const Node* root) {
  std::vector<const Node*> out;
  visit(root, [&](const Node* node) {
    if (node->is(NodeKind::CommandSub) || node->is(NodeKind::Backtick)) out.push_back(node);
    return true;
  });
  return out;
}

}  // namespace forklift
