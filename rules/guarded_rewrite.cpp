#include "rules/guarded_rewrite.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

constexpr ValueTrait kTraits[] = {ValueTrait::LeadingDash,   ValueTrait::Backslash,     ValueTrait::Newline,
                                  ValueTrait::TrailingNewline, ValueTrait::Empty,       ValueTrait::TrailingSlash,
                                  ValueTrait::Slash,         ValueTrait::RepeatedSlash, ValueTrait::NotInteger,
                                  ValueTrait::NotFieldNumber, ValueTrait::Unset,    ValueTrait::SplitOrGlob};

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
    case ValueTrait::TrailingNewline: return has(ValueTrait::Newline) || has(ValueTrait::SplitOrGlob);
    // `[:space:]` holds the newline, and the patterns of SplitOrGlob the backslash.
    case ValueTrait::Newline:
    case ValueTrait::Backslash: return has(ValueTrait::SplitOrGlob);
    case ValueTrait::TrailingSlash:
    case ValueTrait::RepeatedSlash: return has(ValueTrait::Slash);
    case ValueTrait::Empty:
      return has(ValueTrait::Unset) || has(ValueTrait::NotInteger) || has(ValueTrait::NotFieldNumber);
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
    case ValueTrait::NotInteger: return "other than a plain decimal integer";
    case ValueTrait::NotFieldNumber: return "other than a field number in range";
    case ValueTrait::Unset: return "empty or unset";
    case ValueTrait::SplitOrGlob: return "holding blanks, `*`, `?`, `[`, `(` or a backslash";
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
  safety.downgrade_for_trait(ValueTrait::Unset, name,
                             fmt::format("with `set -u`, an unset `${}` ends the script in the rewrite and only {} "
                                         "in the original, and it is not known to be set",
                                         name, original));
}

std::vector<std::string> guard_patterns(ValueTrait trait, Dialect dialect) {
  bool sh = dialect == Dialect::Sh;
  switch (trait) {
    case ValueTrait::LeadingDash: return {"-*"};
    case ValueTrait::Backslash: return {"*\\\\*"};
    case ValueTrait::Newline: return {sh ? "*[[:cntrl:]]*" : "*$'\\n'*"};
    case ValueTrait::TrailingNewline: return {sh ? "*[[:cntrl:]]" : "*$'\\n'"};
    case ValueTrait::Empty:
    case ValueTrait::Unset: return {"''"};
    case ValueTrait::TrailingSlash: return {"*/"};
    case ValueTrait::Slash: return {"*/*"};
    case ValueTrait::RepeatedSlash: return {"*//*"};
    // No range: `[0-9]` may match other digits in some locales. Past 18
    // digits `expr` and `$(( ))` may overflow differently; `08` is octal
    // in bash's arithmetic.
    case ValueTrait::NotInteger: return {"''", "*[!0123456789]*", "0?*", "???????????????????*"};
    // `cut` refuses field 0; a rule adds the numbers past its range (numeric_bound).
    case ValueTrait::NotFieldNumber: return {"''", "*[!0123456789]*", "0*", "???????????????????*"};
    // `[:space:]` holds the default IFS (and a few more); ksh's `@(…)`,
    // `+(…)`, `!(…)` and `~(…)` (bash's with extglob) are patterns too; bash
    // 5.0 globbed an expansion with a backslash even without a glob character.
    case ValueTrait::SplitOrGlob: return {"*[[:space:]]*", "*[*?[\\(]*", "*\\\\*"};
  }
  return {};
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
  if (reads_differently(guard.variable)) {
    return refuse(fmt::format("no guard: `${}` may read differently in the guard than in the command", guard.variable));
  }
  // Under `set -u`, `case $x` would end the script where the original fails
  // only inside `$( )`: the guard reads `${x-}` and sends an unset value,
  // like an empty one, to the original command.
  bool may_be_unset = model.maybe_nounset() && !certainly_set(model, guard.variable, statement);
  for (ValueTrait trait : kTraits) {
    bool wanted = std::any_of(safety.missing_traits().begin(), safety.missing_traits().end(),
                              [&](const MissingTrait& m) { return m.trait == trait; });
    if (wanted || (trait == ValueTrait::Unset && may_be_unset)) guard.traits.push_back(trait);
  }
  std::vector<ValueTrait> kept;
  for (ValueTrait trait : guard.traits) {
    if (!covered(trait, guard.traits)) kept.push_back(trait);
  }
  guard.traits = std::move(kept);
  return guard;
}

bool reads_differently(std::string_view variable) {
  return std::find(std::begin(kUnstable), std::end(kUnstable), variable) != std::end(kUnstable);
}

std::string guarded_values(const Guard& guard, Dialect dialect) {
  std::vector<std::string_view> parts;
  bool integers = std::any_of(guard.traits.begin(), guard.traits.end(), [](ValueTrait trait) {
    return trait == ValueTrait::NotInteger || trait == ValueTrait::NotFieldNumber;
  });
  for (ValueTrait trait : guard.traits) {
    // "other than a plain decimal integer" already names the empty value.
    parts.push_back(trait == ValueTrait::Unset && integers ? "unset" : trait_values(trait, dialect));
  }
  std::string list;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) list += i + 1 == parts.size() ? " or " : ", ";
    list += parts[i];
  }
  if (parts.size() == 1 && guard.traits[0] == ValueTrait::Empty) return "an empty value";
  if (parts.size() == 1 && guard.traits[0] == ValueTrait::Unset) return "an empty or unset value";
  return fmt::format("values {}", list);
}

std::string guard_description(const Guard& guard, Dialect dialect) {
  bool one = guard.traits.size() == 1 && (guard.traits[0] == ValueTrait::Empty || guard.traits[0] == ValueTrait::Unset);
  return fmt::format("{} {} the original command", guarded_values(guard, dialect), one ? "keeps" : "keep");
}

std::string guarded_text(const SemanticModel& model, const Node* statement, const Guard& guard,
                         std::string_view fast, const std::vector<std::string>& more_patterns) {
  std::vector<std::string> patterns;
  for (ValueTrait trait : guard.traits) {
    for (std::string& pattern : guard_patterns(trait, model.dialect())) {
      if (std::find(patterns.begin(), patterns.end(), pattern) == patterns.end()) patterns.push_back(std::move(pattern));
    }
  }
  patterns.insert(patterns.end(), more_patterns.begin(), more_patterns.end());
  bool unset = std::find(guard.traits.begin(), guard.traits.end(), ValueTrait::Unset) != guard.traits.end();
  std::string subject = unset ? fmt::format("${{{}-}}", guard.variable) : fmt::format("${}", guard.variable);
  return fmt::format("case {} in {}) {} ;; *) {} ;; esac", subject, fmt::join(patterns, " | "),
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

namespace {

// The variable a guard's `case` reads: `$x`, or `${x-}` for a guard that
// sends an unset value to the original command.
std::optional<std::string> guard_subject(const SemanticModel& model, const Node* subject) {
  if (const Node* param = plain_parameter(subject)) return std::string(param->text);
  std::string_view text = model.text(subject);
  if (text.size() < 5 || !text.starts_with("${") || !text.ends_with("-}")) return std::nullopt;
  std::string_view name = text.substr(2, text.size() - 4);
  if (!is_identifier(name) && !(name.size() == 1 && std::isdigit(static_cast<unsigned char>(name[0])))) {
    return std::nullopt;
  }
  return std::string(name);
}

// A pattern of digits, `?`, `*` and digit brackets (`1[3456789]?`): beside
// NotFieldNumber's patterns, the numbers past the range a rule rewrites.
bool is_numeric_bound(std::string_view pattern) {
  return !pattern.empty() && pattern.find_first_not_of("0123456789?*[]") == std::string_view::npos;
}

// The traits whose patterns the fallback arm lists, when it lists only
// those: each trait counts when all its patterns are there.
std::optional<std::vector<ValueTrait>> traits_of_patterns(const SemanticModel& model, NodeSpan pattern_words) {
  std::vector<std::string> patterns;
  for (const Node* word : pattern_words) patterns.emplace_back(model.text(word));
  auto listed = [&](const std::string& p) { return std::find(patterns.begin(), patterns.end(), p) != patterns.end(); };
  std::vector<ValueTrait> traits;
  std::vector<bool> explained(patterns.size(), false);
  for (ValueTrait trait : kTraits) {
    for (Dialect dialect : {Dialect::Sh, Dialect::Bash}) {
      std::vector<std::string> wanted = guard_patterns(trait, dialect);
      if (!std::all_of(wanted.begin(), wanted.end(), listed)) continue;
      if (std::find(traits.begin(), traits.end(), trait) == traits.end()) traits.push_back(trait);
      for (size_t i = 0; i < patterns.size(); ++i) {
        if (std::find(wanted.begin(), wanted.end(), patterns[i]) != wanted.end()) explained[i] = true;
      }
    }
  }
  if (std::find(traits.begin(), traits.end(), ValueTrait::NotFieldNumber) != traits.end()) {
    for (size_t i = 0; i < patterns.size(); ++i) explained[i] = explained[i] || is_numeric_bound(patterns[i]);
  }
  if (std::find(explained.begin(), explained.end(), false) != explained.end()) return std::nullopt;
  // `''` is the pattern of both Empty and Unset: name the values once.
  std::vector<ValueTrait> found = traits;
  std::erase_if(traits, [&](ValueTrait trait) { return covered(trait, found); });
  return traits;
}

}  // namespace

std::optional<Guard> guard_around(const SemanticModel& model, const Node* node, std::string_view variable) {
  for (auto walk = model.walk_up(node); walk; walk.up()) {
    const Node* item_node = walk.node();
    const Node* case_node = walk.parent();
    if (!item_node->is(NodeKind::CaseItem) || case_node == nullptr || !case_node->is(NodeKind::Case)) continue;
    CaseView guard_case(case_node);
    NodeSpan items = guard_case.items();
    if (items.size() < 2 || items.front() != item_node) continue;
    std::optional<std::string> subject = guard_subject(model, guard_case.subject());
    NodeSpan last_patterns = CaseItemView(items.back()).patterns();
    if (!subject || last_patterns.size() != 1 || model.text(last_patterns.front()) != "*") continue;
    if (!variable.empty() && *subject != variable) continue;
    // Only the fallback arm's body, not its patterns.
    if (!model.contains(CaseItemView(item_node).body(), node)) continue;
    std::optional<std::vector<ValueTrait>> traits = traits_of_patterns(model, CaseItemView(item_node).patterns());
    if (!traits) continue;
    return Guard{*subject, std::move(*traits)};
  }
  return std::nullopt;
}

}  // namespace forklift
