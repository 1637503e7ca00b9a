#include "analyzer/semantic/value_facts.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/value_flow.h"
#include "analyzer/semantic/value_patterns.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

constexpr uint16_t bit(ValueFact fact) { return static_cast<uint16_t>(fact); }

// Facts no characters can take away: removing part of such a value keeps them.
constexpr uint16_t kAbsenceFacts = bit(ValueFact::NoNewline) | bit(ValueFact::NoBackslash) | bit(ValueFact::NoSlash) |
                                   bit(ValueFact::NoGlobChars) | bit(ValueFact::Digits);

// What an arithmetic result or a length is: one line of digits and a sign.
constexpr uint16_t kNumberFacts = bit(ValueFact::NoNewline) | bit(ValueFact::NoTrailingNewline) |
                                  bit(ValueFact::NoBackslash) | bit(ValueFact::NoSlash) |
                                  bit(ValueFact::NoTrailingSlash) | bit(ValueFact::NonEmpty) |
                                  bit(ValueFact::NoGlobChars);

// Derives what a known prefix or suffix says.
ValueFacts normalized(ValueFacts facts) {
  if (!facts.prefix.empty()) {
    facts.bits |= bit(ValueFact::NonEmpty);
    if (facts.prefix[0] != '-') facts.bits |= bit(ValueFact::NoLeadingDash);
    if (facts.prefix.find('/') != std::string::npos) facts.bits |= bit(ValueFact::HasSlash);
  }
  if (!facts.suffix.empty()) {
    facts.bits |= bit(ValueFact::NonEmpty);
    if (facts.suffix.back() != '/') facts.bits |= bit(ValueFact::NoTrailingSlash);
    if (facts.suffix.back() != '\n') facts.bits |= bit(ValueFact::NoTrailingNewline);
    if (facts.suffix.find('/') != std::string::npos) facts.bits |= bit(ValueFact::HasSlash);
  }
  if (facts.has(ValueFact::NoNewline)) facts.bits |= bit(ValueFact::NoTrailingNewline);
  if (facts.has(ValueFact::NoSlash)) facts.bits |= bit(ValueFact::NoTrailingSlash);
  if (facts.has(ValueFact::Digits)) {
    facts.bits |= bit(ValueFact::NoNewline) | bit(ValueFact::NoTrailingNewline) | bit(ValueFact::NoBackslash) |
                  bit(ValueFact::NoSlash) | bit(ValueFact::NoTrailingSlash) | bit(ValueFact::NoGlobChars) |
                  bit(ValueFact::NoLeadingDash);
  }
  return facts;
}

ValueFacts number_facts(bool canonical, bool non_negative) {
  ValueFacts facts;
  facts.bits = kNumberFacts;
  if (canonical) facts.bits |= bit(ValueFact::CanonicalInteger);
  if (canonical && non_negative) facts.bits |= bit(ValueFact::Digits);
  return normalized(facts);
}

std::string common_prefix(std::string_view a, std::string_view b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
  return std::string(a.substr(0, n));
}

std::string common_suffix(std::string_view a, std::string_view b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n]) ++n;
  return std::string(a.substr(a.size() - n));
}

const Node* unquoted(const Node* part) {
  if (auto quoted = view_if<DoubleQuotedView>(part); quoted && quoted->parts().size() == 1) return quoted->parts()[0];
  return part;
}

}  // namespace

std::string_view fact_name(ValueFact fact) {
  switch (fact) {
    case ValueFact::CanonicalInteger: return "is a canonical integer";
    case ValueFact::NoNewline: return "has no newline";
    case ValueFact::NoTrailingNewline: return "does not end in a newline";
    case ValueFact::NoLeadingDash: return "does not start with `-`";
    case ValueFact::NoBackslash: return "has no backslash";
    case ValueFact::HasSlash: return "contains `/`";
    case ValueFact::NoSlash: return "has no `/`";
    case ValueFact::NoTrailingSlash: return "does not end in `/`";
    case ValueFact::NonEmpty: return "is never empty";
    case ValueFact::NoGlobChars: return "has no glob characters";
    case ValueFact::Digits: return "has only digits";
  }
  return "";
}

bool ValueFacts::has_all(std::initializer_list<ValueFact> facts) const {
  return !first_missing(facts).has_value();
}

std::optional<ValueFact> ValueFacts::first_missing(std::initializer_list<ValueFact> facts) const {
  for (ValueFact fact : facts) {
    if (!has(fact)) return fact;
  }
  return std::nullopt;
}

std::string ValueFacts::proof(ValueFact fact, std::string_view name) const {
  return fmt::format("`${}` {} ({})", name, fact_name(fact), origin);
}

std::string ValueFacts::missing(ValueFact fact, std::string_view name) const {
  return fmt::format("not proven that `${}` {} ({})", name, fact_name(fact), origin);
}

ValueFacts literal_facts(std::string_view text) {
  ValueFacts facts;
  auto set = [&](ValueFact fact, bool holds) {
    if (holds) facts.bits |= bit(fact);
  };
  set(ValueFact::CanonicalInteger, is_canonical_integer(text));
  set(ValueFact::NoNewline, text.find('\n') == std::string_view::npos);
  set(ValueFact::NoLeadingDash, !text.starts_with('-'));
  set(ValueFact::NoBackslash, text.find('\\') == std::string_view::npos);
  set(ValueFact::HasSlash, text.find('/') != std::string_view::npos);
  set(ValueFact::NoSlash, text.find('/') == std::string_view::npos);
  set(ValueFact::NoTrailingSlash, !text.ends_with('/'));
  set(ValueFact::NoTrailingNewline, !text.ends_with('\n'));
  set(ValueFact::NonEmpty, !text.empty());
  set(ValueFact::NoGlobChars, text.find_first_of("*?[") == std::string_view::npos);
  set(ValueFact::Digits, text.find_first_not_of("0123456789") == std::string_view::npos);
  facts.prefix = facts.suffix = std::string(text);
  facts.exact = true;
  return facts;
}

ValueFacts common_facts(const ValueFacts& a, const ValueFacts& b) {
  ValueFacts facts;
  facts.bits = a.bits & b.bits;
  facts.prefix = common_prefix(a.prefix, b.prefix);
  facts.suffix = common_suffix(a.suffix, b.suffix);
  facts.exact = a.exact && b.exact && a.prefix == b.prefix;
  facts.origin = a.origin.empty() ? b.origin : a.origin;
  return normalized(facts);
}

ValueFacts concatenated_facts(const ValueFacts& a, const ValueFacts& b) {
  if (a.exact && a.prefix.empty()) return b;
  if (b.exact && b.prefix.empty()) return a;
  ValueFacts facts;
  facts.bits = a.bits & b.bits & kAbsenceFacts;
  auto either = [&](ValueFact fact) {
    if (a.has(fact) || b.has(fact)) facts.bits |= bit(fact);
  };
  either(ValueFact::HasSlash);
  either(ValueFact::NonEmpty);
  // The first character is a's unless a may be empty; the last is b's unless b may.
  auto edge = [&](ValueFact fact, const ValueFacts& near, const ValueFacts& far) {
    if (near.has(fact) && (near.has(ValueFact::NonEmpty) || far.has(fact))) facts.bits |= bit(fact);
  };
  edge(ValueFact::NoLeadingDash, a, b);
  edge(ValueFact::NoTrailingSlash, b, a);
  edge(ValueFact::NoTrailingNewline, b, a);
  facts.prefix = a.exact ? a.prefix + b.prefix : a.prefix;
  facts.suffix = b.exact ? a.suffix + b.suffix : b.suffix;
  facts.exact = a.exact && b.exact;
  facts.origin = a.origin.empty() ? b.origin : a.origin;
  return normalized(facts);
}

ValueFactIndex::ValueFactIndex(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                               const ReachingDefinitions& reaching, const OpaqueCode& opaque,
                               const IntegerInference& integers, Dialect dialect)
    : source_(source), tree_(tree), scopes_(scopes), integers_(integers), dialect_(dialect), reaching_(reaching),
      opaque_(opaque) {
  line_starts_.push_back(0);
  for (uint32_t i = 0; i < source_.size(); ++i) {
    if (source_[i] == '\n') line_starts_.push_back(i + 1);
  }
  index_commands();
  solve();
}

// Greatest fixed point: every definition starts with every fact, and loses
// those its value does not give (reading the definitions that reach it),
// until nothing changes. The facts only shrink, so a few rounds reach it;
// past the limit nothing is kept. Definitions are visited in source order, so
// a value built from earlier ones is known in one round.
void ValueFactIndex::solve() {
  const std::vector<ReachingDefinitions::DefinitionRef>& definitions = reaching_.definitions();
  ValueFacts top;
  top.bits = 0xffff & ~bit(ValueFact::CanonicalInteger);
  definition_facts_.assign(definitions.size(), top);
  std::vector<uint32_t> order(definitions.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return tree_.order(definitions[a].definition->node) < tree_.order(definitions[b].definition->node);
  });
  solving_ = true;
  constexpr int kMaxRounds = 8;
  bool changed = true;
  for (int round = 0; changed && round < kMaxRounds; ++round) {
    changed = false;
    for (uint32_t id : order) {
      ValueFacts one = definition_facts(*definitions[id].variable, *definitions[id].definition);
      ValueFacts& known = definition_facts_[id];
      if (one.bits != known.bits || one.prefix != known.prefix || one.suffix != known.suffix || one.exact != known.exact) {
        known = std::move(one);
        changed = true;
      }
    }
  }
  if (changed) definition_facts_.assign(definitions.size(), ValueFacts{});
  solving_ = false;
  for (const Variable& variable : scopes_.variables()) {
    if (variable.definitions.empty()) continue;
    ValueFacts facts = all_definitions_facts(variable);
    facts.origin = describe_definitions(variable);
    facts_[&variable] = std::move(facts);
  }
}

ValueFacts ValueFactIndex::all_definitions_facts(const Variable& variable) const {
  uint32_t first = reaching_.first_definition(variable);
  std::optional<ValueFacts> all;
  for (uint32_t id = first; id < first + variable.definitions.size(); ++id) {
    all = all ? common_facts(*all, definition_facts_[id]) : definition_facts_[id];
  }
  return all.value_or(ValueFacts{});
}

void ValueFactIndex::index_commands() {
  visit(tree_.root(), [&](const Node* node) {
    if (node->is(NodeKind::Declaration)) {
      // `typeset -n ref=x`: assigning `ref` assigns `x`.
      std::string_view command = node->text;
      if (command == "nameref") has_nameref_ = true;
      if (command == "typeset" || command == "declare" || command == "local") {
        for (const Node* word : command_words(node)) {
          std::optional<std::string> option = static_word_value(source_, word);
          if (option && option->size() > 1 && (*option)[0] == '-' && option->find('n') != std::string::npos) {
            has_nameref_ = true;
          }
        }
      }
      return true;
    }
    if (!node->is(NodeKind::SimpleCommand)) return true;
    std::optional<std::string> name = command_name(source_, node);
    if (!name) return true;
    if (*name == "trap") {
      std::string_view text = node_text(source_, node);
      for (const Function& function : scopes_.functions()) {
        if (text.find(function.name) != std::string_view::npos) traps_mention_functions_ = true;
      }
    }
    return true;
  });
}

std::string ValueFactIndex::describe_definitions(const Variable& variable) const {
  if (variable.definitions.size() != 1) {
    return fmt::format("from the {} places `${}` is set", variable.definitions.size(), variable.name);
  }
  return describe_definition(variable, variable.definitions[0]);
}

std::string ValueFactIndex::describe_definition(const Variable& variable, const Definition& definition) const {
  int line = line_of(definition.node);
  switch (definition.kind) {
    case DefinitionKind::ForItem: return fmt::format("`${}` comes from the `for` loop on line {}", variable.name, line);
    case DefinitionKind::Input: return fmt::format("`${}` is read on line {}", variable.name, line);
    default:
      if (variable.definitions.size() == 1) return fmt::format("`${}` is set once, on line {}", variable.name, line);
      return fmt::format("`${}` is set on line {}", variable.name, line);
  }
}

ValueFacts ValueFactIndex::reaching_facts(std::string_view name, const ReachingSet& reaching) const {
  ValueFacts facts;
  // Code the model cannot see explains more than "may be unset" does.
  if (reaching.opaque) {
    facts.origin = "the script runs `eval` or `.` before it, which may assign any variable";
    return facts;
  }
  if (reaching.outside || reaching.definitions.empty()) {
    facts.origin = fmt::format("`${}` may be unset or come from outside the script here", name);
    return facts;
  }
  const std::vector<ReachingDefinitions::DefinitionRef>& definitions = reaching_.definitions();
  std::optional<ValueFacts> all;
  for (uint32_t id : reaching.definitions) {
    all = all ? common_facts(*all, definition_facts_[id]) : definition_facts_[id];
  }
  facts = std::move(*all);
  if (solving_) return facts;
  const Variable& variable = *definitions[reaching.definitions[0]].variable;
  if (reaching.definitions.size() == 1) {
    facts.origin = describe_definition(variable, *definitions[reaching.definitions[0]].definition);
  } else if (reaching.definitions.size() == variable.definitions.size()) {
    facts.origin = describe_definitions(variable);
  } else {
    std::vector<int> lines;
    for (uint32_t id : reaching.definitions) lines.push_back(line_of(definitions[id].definition->node));
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    std::string list;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (i > 0) list += i + 1 == lines.size() ? " and " : ", ";
      list += std::to_string(lines[i]);
    }
    facts.origin = fmt::format("`${}` is set on line{} {} before this use", name, lines.size() == 1 ? "" : "s", list);
  }
  return facts;
}

ValueFacts ValueFactIndex::definition_facts(const Variable& variable, const Definition& definition) const {
  // ksh pads or cuts what `typeset -L`, `-R`, `-Z` variables are assigned.
  if (variable.attributes.justified) return {};
  ValueFacts facts = assigned_facts(variable, definition);
  if (variable.attributes.upper || variable.attributes.lower) {
    facts.prefix.clear();
    facts.suffix.clear();
    facts.exact = false;
  }
  return facts;
}

ValueFacts ValueFactIndex::assigned_facts(const Variable& variable, const Definition& definition) const {
  const VariableAttributes& attributes = variable.attributes;
  if (attributes.indexed_array || attributes.associative_array || attributes.floating) return {};
  if (attributes.integer) return number_facts(attributes.integer_base == 10, false);
  switch (definition.kind) {
    case DefinitionKind::Value:
      return definition.value == nullptr ? literal_facts("") : word_facts(definition.value);
    case DefinitionKind::Arithmetic:
      return number_facts(dialect_ != Dialect::Ksh, false);
    case DefinitionKind::ForItem:
      // `select` sets the variable to nothing when the answer is no item's number.
      if (definition.value->is(NodeKind::Select)) return common_facts(for_item_facts(definition.value), literal_facts(""));
      return for_item_facts(definition.value);
    case DefinitionKind::Unset:
      return literal_facts("");
    case DefinitionKind::Input: {
      // `read` takes one line; its options that read more (-d, -N) or into
      // arrays are refused.
      const Node* command = definition.node;
      if (command == nullptr || !command->is(NodeKind::SimpleCommand) ||
          command_name(source_, command) != "read") {
        return {};
      }
      for (const Node* word : command_words(command)) {
        std::optional<std::string> text = static_word_value(source_, word);
        if (!text) return {};
        if (text->starts_with('-') && text->find_first_of("dNaAn") != std::string::npos) return {};
      }
      ValueFacts facts;
      facts.bits = bit(ValueFact::NoNewline);
      return normalized(facts);
    }
    default:
      return {};
  }
}

ValueFacts ValueFactIndex::for_item_facts(const Node* loop) const {
  if ((loop->flags & kForHasIn) == 0 || for_items(loop).empty()) return {};
  std::optional<ValueFacts> all;
  for (const Node* word : for_items(loop)) {
    ValueFacts item;
    if (std::optional<std::string> text = static_word_value(source_, word)) {
      item = literal_facts(*text);
    } else if ((word->flags & kWordHasGlob) != 0) {
      item = pattern_facts(source_, word, true).value_or(ValueFacts{});
    } else if (NodeSpan parts = WordView(word).parts(); parts.size() == 1 && parts[0]->is(NodeKind::ParamExp)) {
      // An unquoted parameter alone: with the default IFS its fields are split
      // at blanks and newlines, so none is empty or has a newline, as long as
      // no glob in the value expands to file names (which may hold newlines).
      ValueFacts whole = parameter_facts(parts[0]);
      if (whole.has(ValueFact::NoGlobChars) && !scopes_.may_assign_ifs(loop)) {
        item.bits = bit(ValueFact::NoNewline) | bit(ValueFact::NonEmpty) | (whole.bits & kAbsenceFacts);
        item = normalized(item);
      }
    } else {
      item = word_facts(word);
    }
    all = all ? common_facts(*all, item) : item;
  }
  return all.value_or(ValueFacts{});
}

ValueFacts ValueFactIndex::word_facts(const Node* word) const {
  if (word == nullptr || !word->is(NodeKind::Word)) return {};
  if ((word->flags & (kWordHasTilde | kWordHasBrace)) != 0) return {};
  ValueFacts facts = literal_facts("");
  for (const Node* part : WordView(word).parts()) facts = concatenated_facts(facts, part_facts(part, word));
  return facts;
}

ValueFacts ValueFactIndex::part_facts(const Node* part, const Node* word) const {
  if (std::optional<std::string> text = static_part_value(source_, part)) return literal_facts(*text);
  switch (part->kind) {
    case NodeKind::DoubleQuoted: {
      ValueFacts facts = literal_facts("");
      for (const Node* kid : DoubleQuotedView(part).parts()) facts = concatenated_facts(facts, part_facts(kid, word));
      return facts;
    }
    case NodeKind::ParamExp:
      return parameter_facts(part);
    case NodeKind::ArithExp: {
      const Node* expression = ArithExpView(part).expression();
      return number_facts(expression != nullptr && integers_.integer_arithmetic(expression), false);
    }
    case NodeKind::CommandSub:
    case NodeKind::Backtick: {
      ValueFacts facts;
      facts.bits = bit(ValueFact::NoTrailingNewline);
      NodeSpan parts = WordView(word).parts();
      if (integers_.integer_word(word) && parts.size() == 1 && unquoted(parts[0]) == part) {
        return number_facts(true, false);
      }
      return facts;
    }
    default:
      return {};
  }
}

ValueFacts ValueFactIndex::parameter_facts(const Node* param) const {
  std::string_view name = param->text;
  if ((param->flags & kParamLength) != 0 && param->op.empty()) return number_facts(true, true);
  if (name == "?" || name == "#" || name == "$") return number_facts(true, true);
  ParamExpView view(param);
  if (!is_identifier(name) || !view.kids().empty() || (param->flags & kParamIndirect) != 0) {
    std::string_view op = param->op;
    if (!is_identifier(name) || (param->flags & kParamIndirect) != 0) return {};
    ValueFacts value = facts_at(name, param);
    if (op == ":-" || op == "-") {
      const Node* operand = view.operands().empty() ? nullptr : view.operands().back();
      return common_facts(value, operand != nullptr && operand->is(NodeKind::Word) ? word_facts(operand) : literal_facts(""));
    }
    if (op == "#" || op == "##" || op == "%" || op == "%%") {
      ValueFacts kept;
      kept.bits = value.bits & kAbsenceFacts;
      std::string_view pattern = view.operands().empty() ? "" : node_text(source_, view.operands().back());
      // Removing everything through the last (or from the first) `/` leaves none.
      if ((op == "##" && pattern == "*/") || (op == "%%" && pattern == "/*")) kept.bits |= bit(ValueFact::NoSlash);
      kept.origin = value.origin;
      return normalized(kept);
    }
    return {};
  }
  return facts_at(name, param);
}

ValueFacts ValueFactIndex::variable_facts(std::string_view name, const Node* at) const {
  const Variable* variable = scopes_.lookup(name, at);
  if (variable == nullptr || variable->definitions.empty()) return {};
  if (solving_) return all_definitions_facts(*variable);
  auto it = facts_.find(variable);
  return it == facts_.end() ? ValueFacts{} : it->second;
}

ValueFacts ValueFactIndex::facts_at(std::string_view name, const Node* use) const {
  if (has_nameref_ && is_identifier(name)) {
    ValueFacts facts;
    facts.origin = "the script declares a nameref, through which any variable may be assigned";
    return facts;
  }
  if (const Variable* variable = scopes_.lookup(name, use); variable != nullptr && variable->attributes.justified) {
    ValueFacts facts;
    facts.origin = fmt::format("`${}` is declared with `typeset -L`, `-R` or `-Z`, which pad or cut its value", name);
    return facts;
  }
  const ReachingSet* reaching =
      use != nullptr && use->is(NodeKind::ParamExp) && use->text == name ? reaching_.at(use) : nullptr;
  if (reaching == nullptr) return everywhere_facts(name, use);
  ValueFacts facts = reaching_facts(name, *reaching);
  if (solving_) return facts;
  if (integers_.certainly_integer(name, use)) facts.bits |= bit(ValueFact::CanonicalInteger);
  return refined_by_guards(name, use, std::move(facts));
}

// A use inside a function body: what every definition of the variable gives,
// when one precedes every call of the function.
ValueFacts ValueFactIndex::everywhere_facts(std::string_view name, const Node* use) const {
  ValueFacts facts;
  bool defined = is_identifier(name) && defined_on_every_path(name, use);
  // `eval` and `.` may assign it: only a definition after the last one
  // that can run before the use is trusted.
  if (defined) defined = !opaque_.may_assign_before(name, use);
  if (solving_) {
    // While solving, a variable read in another's definition counts with
    // what it is known to hold so far.
    return defined ? variable_facts(name, use) : ValueFacts{};
  }
  if (defined) {
    facts = variable_facts(name, use);
    if (integers_.certainly_integer(name, use)) facts.bits |= bit(ValueFact::CanonicalInteger);
  } else {
    facts.origin = fmt::format("`${}` may be unset or come from outside the script here", name);
  }
  if (!opaque_.empty() && facts.bits == 0) {
    facts.origin = "the script runs `eval` or `.` before it, which may assign any variable";
  }
  return refined_by_guards(name, use, std::move(facts));
}

ValueFacts ValueFactIndex::facts_at(const Node* param_exp) const {
  if (param_exp == nullptr || !param_exp->is(NodeKind::ParamExp)) return {};
  if (!param_exp->op.empty() || !ParamExpView(param_exp).kids().empty() ||
      (param_exp->flags & (kParamIndirect | kParamLength)) != 0) {
    return parameter_facts(param_exp);
  }
  if (param_exp->text == "?" || param_exp->text == "#" || param_exp->text == "$") return number_facts(true, true);
  return facts_at(param_exp->text, param_exp);
}

int ValueFactIndex::line_of(const Node* node) const {
  return static_cast<int>(std::upper_bound(line_starts_.begin(), line_starts_.end(), node->begin) - line_starts_.begin());
}

}  // namespace forklift
