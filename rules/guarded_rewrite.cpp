#include "rules/guarded_rewrite.h"

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

constexpr ValueTrait kTraits[] = {ValueTrait::LeadingDash,   ValueTrait::Backslash,     ValueTrait::Newline,
                                  ValueTrait::TrailingNewline, ValueTrait::Empty,       ValueTrait::TrailingSlash,
                                  ValueTrait::Slash,         ValueTrait::RepeatedSlash};

// Variables whose value changes from one read to the next, or differs in
// the subshell of `$( )` from the shell around it: the guard reads the
// variable once more, in the shell itself.
constexpr std::string_view kUnstable[] = {"RANDOM",  "SRANDOM",      "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME",
                                          "BASHPID", "BASH_SUBSHELL", "LINENO",  "HISTCMD",      "BASH_COMMAND",
                                          "_"};

// A trait whose values another trait of the guard already sends to the
// original command.
bool covered(ValueTrait trait, const std::vector<ValueTrait>& traits) {
  auto has = [&](ValueTrait t) { return std::find(traits.begin(), traits.end(), t) != traits.end(); };
  switch (trait) {
    case ValueTrait::TrailingNewline: return has(ValueTrait::Newline);
    case ValueTrait::TrailingSlash:
    case ValueTrait::RepeatedSlash: return has(ValueTrait::Slash);
    default: return false;
  }
}

std::string_view trait_values(ValueTrait trait, Dialect dialect) {
  bool sh = dialect == Dialect::Sh;
  switch (trait) {
    case ValueTrait::LeadingDash: return "starting with `-`";
    case ValueTrait::Backslash: return "holding a backslash";
    case ValueTrait::Newline: return sh ? "holding a newline (or another control character)" : "holding a newline";
    case ValueTrait::TrailingNewline:
      return sh ? "ending in a newline (or another control character)" : "ending in a newline";
    case ValueTrait::Empty: return "empty";
    case ValueTrait::TrailingSlash: return "ending in `/`";
    case ValueTrait::Slash: return "holding `/`";
    case ValueTrait::RepeatedSlash: return "holding `//`";
  }
  return "";
}

// Set wherever `statement` runs: `$0` and the other special parameters but
// `$!` (unset before the first background job), or assigned (or a `for`
// variable) before it on every path, and never unset anywhere.
bool certainly_set(const SemanticModel& model, std::string_view name, const Node* statement) {
  if (name == "0" || name == "#" || name == "?" || name == "$" || name == "-" || name == "@" || name == "*") {
    return true;
  }
  if (!is_identifier(name) || !model.defined_before(name, statement)) return false;
  const Variable* variable = model.variable(name, statement);
  if (variable == nullptr) return false;
  return std::none_of(variable->definitions.begin(), variable->definitions.end(),
                      [](const Definition& d) { return d.kind == DefinitionKind::Unset; });
}

}  // namespace

void require_set_under_nounset(const SemanticModel& model, std::string_view name, const Node* use, FixSafety& safety,
                               std::string_view original) {
  if (!model.maybe_nounset() || certainly_set(model, name, use)) return;
  safety.downgrade(Applicability::Unsafe,
                   fmt::format("with `set -u`, an unset `${}` ends the script in the rewrite and only {} "
                               "in the original, and it is not known to be set",
                               name, original));
}

std::string guard_pattern(ValueTrait trait, Dialect dialect) {
  bool sh = dialect == Dialect::Sh;
  switch (trait) {
    case ValueTrait::LeadingDash: return "-*";
    case ValueTrait::Backslash: return "*\\\\*";
    case ValueTrait::Newline: return sh ? "*[[:cntrl:]]*" : "*$'\\n'*";
    case ValueTrait::TrailingNewline: return sh ? "*[[:cntrl:]]" : "*$'\\n'";
    case ValueTrait::Empty: return "''";
    case ValueTrait::TrailingSlash: return "*/";
    case ValueTrait::Slash: return "*/*";
    case ValueTrait::RepeatedSlash: return "*//*";
  }
  return "";
}

std::optional<Guard> guard_for(const SemanticModel& model, const Node* statement, const FixSafety& safety,
                               std::string* refusal) {
  if (statement == nullptr || !safety.only_traits_missing() || safety.missing_traits().empty()) return std::nullopt;
  Guard guard;
  guard.variable = safety.missing_traits().front().variable;
  for (const MissingTrait& missing : safety.missing_traits()) {
    if (missing.variable != guard.variable) return std::nullopt;  // one `case` tests one value
  }
  auto refuse = [&](std::string why) -> std::optional<Guard> {
    if (refusal != nullptr) *refusal = std::move(why);
    return std::nullopt;
  };
  if (std::find(std::begin(kUnstable), std::end(kUnstable), guard.variable) != std::end(kUnstable)) {
    return refuse(fmt::format("no guard: `${}` may read differently in the guard than in the command", guard.variable));
  }
  if (model.maybe_nounset() && !certainly_set(model, guard.variable, statement)) {
    // Inside `$( )` an unset variable under `set -u` ends only the
    // subshell; `case $x` in the shell itself would end the script.
    return refuse(fmt::format("no guard: with `set -u`, `case ${}` ends the script where the original command "
                              "fails only inside `$( )`, and it is not known to be set",
                              guard.variable));
  }
  for (ValueTrait trait : kTraits) {
    bool wanted = std::any_of(safety.missing_traits().begin(), safety.missing_traits().end(),
                              [&](const MissingTrait& m) { return m.trait == trait; });
    if (wanted) guard.traits.push_back(trait);
  }
  std::vector<ValueTrait> kept;
  for (ValueTrait trait : guard.traits) {
    if (!covered(trait, guard.traits)) kept.push_back(trait);
  }
  guard.traits = std::move(kept);
  return guard;
}

std::string guarded_values(const Guard& guard, Dialect dialect) {
  std::vector<std::string_view> parts;
  for (ValueTrait trait : guard.traits) parts.push_back(trait_values(trait, dialect));
  std::string list;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) list += i + 1 == parts.size() ? " or " : ", ";
    list += parts[i];
  }
  bool empty_only = parts.size() == 1 && guard.traits[0] == ValueTrait::Empty;
  return empty_only ? "an empty value" : fmt::format("values {}", list);
}

std::string guard_description(const Guard& guard, Dialect dialect) {
  bool one = guard.traits.size() == 1 && guard.traits[0] == ValueTrait::Empty;
  return fmt::format("{} {} the original command", guarded_values(guard, dialect), one ? "keeps" : "keep");
}

std::string guarded_text(const SemanticModel& model, const Node* statement, const Guard& guard,
                         std::string_view fast) {
  std::vector<std::string> patterns;
  for (ValueTrait trait : guard.traits) patterns.push_back(guard_pattern(trait, model.dialect()));
  return fmt::format("case ${} in {}) {} ;; *) {} ;; esac", guard.variable, fmt::join(patterns, " | "),
                     model.text(statement), fast);
}

void attach_guardable_fix(const LintContext& context, Diagnostic& diagnostic, FixSafety safety, std::string title,
                          Edit plain, const Node* statement) {
  const SemanticModel& model = context.model;
  std::string refusal;
  std::optional<Guard> guard = safety.safe() ? std::nullopt : guard_for(model, statement, safety, &refusal);
  if (!guard) {
    if (!refusal.empty()) safety.downgrade(Applicability::Unsafe, refusal);
    attach_fix(diagnostic, safety, std::move(title), {std::move(plain)});
    return;
  }
  std::string_view text = model.text(statement);
  std::string fast(text);
  fast.replace(plain.begin - statement->begin, plain.end - plain.begin, plain.replacement);
  std::string description = guard_description(*guard, model.dialect());
  FixSafety guarded;
  guarded.prove(fmt::format("guarded: {}", description));
  attach_fix(diagnostic, guarded, fmt::format("{}, guarded: {}", title, description),
             {replace_node(statement, guarded_text(model, statement, *guard, fast))});
  diagnostic.fix->guarded = true;
}

std::optional<Guard> guard_around(const SemanticModel& model, const Node* node, std::string_view variable) {
  for (auto walk = model.walk_up(node); walk; walk.up()) {
    const Node* item_node = walk.node();
    const Node* case_node = walk.parent();
    if (!item_node->is(NodeKind::CaseItem) || case_node == nullptr || !case_node->is(NodeKind::Case)) continue;
    CaseView guard_case(case_node);
    NodeSpan items = guard_case.items();
    if (items.size() < 2 || items.front() != item_node) continue;
    const Node* param = plain_parameter(guard_case.subject());
    NodeSpan last_patterns = CaseItemView(items.back()).patterns();
    if (param == nullptr || last_patterns.size() != 1 || model.text(last_patterns.front()) != "*") continue;
    if (!variable.empty() && param->text != variable) continue;
    // Only the fallback arm's body, not its patterns.
    if (!model.contains(CaseItemView(item_node).body(), node)) continue;
    Guard guard;
    guard.variable = std::string(param->text);
    bool only_guards = true;
    for (const Node* pattern_word : CaseItemView(item_node).patterns()) {
      std::string_view pattern = model.text(pattern_word);
      auto trait = std::find_if(std::begin(kTraits), std::end(kTraits), [&](ValueTrait t) {
        return guard_pattern(t, Dialect::Sh) == pattern || guard_pattern(t, Dialect::Bash) == pattern;
      });
      if (trait == std::end(kTraits)) {
        only_guards = false;
        break;
      }
      guard.traits.push_back(*trait);
    }
    if (only_guards) return guard;
  }
  return std::nullopt;
}

}  // namespace forklift
