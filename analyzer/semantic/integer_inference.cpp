#include "analyzer/semantic/integer_inference.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool is_special_integer_parameter(std::string_view name) { return name == "?" || name == "#" || name == "$"; }

// ksh93 turns `1.5`, `1e3` into floats; bases (`16#ff`) and hex stay integers.
bool integer_number_literal(std::string_view text) {
  if (text.find('#') != std::string_view::npos || text.starts_with("0x") || text.starts_with("0X")) return true;
  return text.find_first_of(".eE") == std::string_view::npos;
}

// `name = …` as a whole arithmetic expression.
bool arith_assigns(const Node* expression, std::string_view name) {
  return expression->is(NodeKind::ArithAssign) && expression->op == "=" &&
         expression->kids[0]->is(NodeKind::ArithVariable) && expression->kids[0]->text == name &&
         expression->kids[0]->kids.empty();
}

const Node* unwrap_quotes(const Node* part) {
  if (part->is(NodeKind::DoubleQuoted) && part->kids.size() == 1) return part->kids[0];
  return part;
}

}  // namespace

IntegerInference::IntegerInference(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                                   Dialect dialect)
    : source_(source), tree_(tree), scopes_(scopes), dialect_(dialect) {
  solve();
}

// Greatest fixed point: a fact holds for a variable until one of its
// definitions refutes it, given the facts of the other variables.
void IntegerInference::refine(Facts& facts, const std::function<bool(const Variable&, const Definition&)>& holds) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Variable& variable : scopes_.variables()) {
      if (!facts[&variable]) continue;
      for (const Definition& definition : variable.definitions) {
        if (!holds(variable, definition)) {
          facts[&variable] = false;
          changed = true;
          break;
        }
      }
    }
  }
}

void IntegerInference::solve() {
  for (const Variable& variable : scopes_.variables()) {
    integer_[&variable] = !variable.definitions.empty();
    non_negative_[&variable] = !variable.definitions.empty() && !variable.attributes.integer;
  }
  refine(integer_, [&](const Variable& variable, const Definition& definition) {
    return definition_integer(variable, definition);
  });
  for (auto& [variable, non_negative] : non_negative_) non_negative = non_negative && integer_[variable];
  refine(non_negative_, [&](const Variable&, const Definition& definition) { return definition_non_negative(definition); });
}

bool IntegerInference::non_negative_candidate(std::string_view name, const Node* at) const {
  const Variable* variable = scopes_.lookup(name, at);
  if (variable == nullptr) return false;
  auto it = non_negative_.find(variable);
  return it != non_negative_.end() && it->second;
}

bool IntegerInference::definition_non_negative(const Definition& definition) const {
  switch (definition.kind) {
    case DefinitionKind::Value:
      return definition.value != nullptr && non_negative_word(definition.value);
    case DefinitionKind::Arithmetic: {
      const Node* node = definition.value;
      if (node == nullptr) return false;
      if (node->is(NodeKind::ArithPreIncr) || node->is(NodeKind::ArithPostIncr)) {
        return node->op == "++" && non_negative_arithmetic(node->kids[0]);
      }
      if (node->op == "=") return non_negative_arithmetic(node->kids[1]);
      if (node->op == "+=" || node->op == "*=") return non_negative_arithmetic(node);
      return false;
    }
    case DefinitionKind::ForItem: {
      const Node* loop = definition.value;
      for (size_t i = 0; i + 1 < loop->kids.size(); ++i) {
        std::optional<std::string> value = static_word_value(source_, loop->kids[i]);
        if (!value || !is_canonical_integer(*value) || (*value)[0] == '-') return false;
      }
      return true;
    }
    default:
      return false;
  }
}

bool IntegerInference::non_negative_arithmetic(const Node* expression) const {
  switch (expression->kind) {
    case NodeKind::ArithNumber: {
      std::string_view text = node_text(source_, expression);
      return is_decimal_integer(text) && text[0] != '-';
    }
    case NodeKind::ArithVariable:
      return expression->kids.empty() && non_negative_candidate(expression->text, expression);
    case NodeKind::ArithGroup:
      return non_negative_arithmetic(expression->kids[0]);
    case NodeKind::ArithAssign:
      if (expression->op != "+=" && expression->op != "*=") return false;
      [[fallthrough]];
    case NodeKind::ArithBinary:
      if (expression->op != "+" && expression->op != "*" && expression->op != "+=" && expression->op != "*=") {
        return false;
      }
      return non_negative_arithmetic(expression->kids[0]) && non_negative_arithmetic(expression->kids[1]);
    case NodeKind::ArithWord:
      return !expression->kids.empty() && expression->kids[0]->is(NodeKind::ParamExp) &&
             expression->kids[0]->op.empty() && expression->kids[0]->kids.empty() &&
             (is_special_integer_parameter(expression->kids[0]->text) ||
              non_negative_candidate(expression->kids[0]->text, expression));
    default:
      return false;
  }
}

bool IntegerInference::non_negative_word(const Node* word) const {
  if (word == nullptr || !word->is(NodeKind::Word)) return false;
  if (std::optional<std::string> value = static_word_value(source_, word)) {
    return is_canonical_integer(*value) && (*value)[0] != '-';
  }
  if (word->kids.size() != 1) return false;
  const Node* part = unwrap_quotes(word->kids[0]);
  switch (part->kind) {
    case NodeKind::ArithExp:
      return !part->kids.empty() && non_negative_arithmetic(part->kids[0]);
    case NodeKind::ParamExp:
      if ((part->flags & kParamLength) != 0 && part->op.empty()) return true;
      if (!part->op.empty() || !part->kids.empty() || (part->flags & kParamIndirect) != 0) return false;
      if (is_special_integer_parameter(part->text)) return true;
      return is_identifier(part->text) && certainly_non_negative(part->text, part);
    case NodeKind::CommandSub:
    case NodeKind::Backtick: {
      const Node* command = sole_simple_command(part);
      if (!expr_integer(part)) return false;
      std::vector<const Node*> words = command_words(command);
      std::optional<std::string> op = static_word_value(source_, words[2]);
      return (op == "+" || op == "*") && non_negative_word(words[1]) && non_negative_word(words[3]);
    }
    default:
      return false;
  }
}

bool IntegerInference::certainly_non_negative(std::string_view name, const Node* use) const {
  if (name == "?" || name == "#" || name == "$") return true;
  return certainly_integer(name, use) && non_negative_candidate(name, use);
}

bool IntegerInference::candidate(std::string_view name, const Node* at) const {
  const Variable* variable = scopes_.lookup(name, at);
  if (variable == nullptr) return false;
  auto it = integer_.find(variable);
  return it != integer_.end() && it->second;
}

bool IntegerInference::definition_integer(const Variable& variable, const Definition& definition) const {
  const VariableAttributes& attributes = variable.attributes;
  if (attributes.floating || attributes.indexed_array || attributes.associative_array) return false;
  if (definition.kind == DefinitionKind::Unset || definition.kind == DefinitionKind::Element) return false;
  // An integer variable evaluates whatever it is assigned as arithmetic.
  if (attributes.integer) return attributes.integer_base == 10;
  switch (definition.kind) {
    case DefinitionKind::Value:
      return definition.value != nullptr && integer_word(definition.value);
    case DefinitionKind::Arithmetic:
      if (dialect_ != Dialect::Ksh) return true;
      if (definition.value == nullptr) return false;  // ksh `let`: not parsed here
      if (definition.value->is(NodeKind::ArithAssign) && definition.value->op == "=") {
        return integer_arithmetic(definition.value->kids[1]);
      }
      return integer_arithmetic(definition.value);
    case DefinitionKind::ForItem:
      return for_items_integer(definition.value);
    default:
      return false;
  }
}

// `$(seq 1 10)` with literal integer operands prints canonical integers.
bool IntegerInference::seq_of_literals(const Node* word) const {
  if (word->kids.size() != 1) return false;
  const Node* command = sole_simple_command(word->kids[0]);
  if (command == nullptr || command_name(source_, command) != "seq" || has_redirects(command)) return false;
  std::vector<const Node*> words = command_words(command);
  if (words.size() < 2 || words.size() > 4) return false;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> value = static_word_value(source_, words[i]);
    if (!value || !is_canonical_integer(*value)) return false;
  }
  return true;
}

bool IntegerInference::for_items_integer(const Node* loop) const {
  if ((loop->flags & kForHasIn) == 0 || loop->kids.size() < 2) return false;
  for (size_t i = 0; i + 1 < loop->kids.size(); ++i) {
    std::optional<std::string> value = static_word_value(source_, loop->kids[i]);
    if (!(value && is_canonical_integer(*value)) && !seq_of_literals(loop->kids[i])) return false;
  }
  return true;
}

// `$(expr A + B)` (also - and *) of integers prints an integer.
bool IntegerInference::expr_integer(const Node* substitution) const {
  const Node* command = sole_simple_command(substitution);
  if (command == nullptr || command_name(source_, command) != "expr" || has_redirects(command)) return false;
  std::vector<const Node*> words = command_words(command);
  if (words.size() != 4) return false;
  std::optional<std::string> op = static_word_value(source_, words[2]);
  if (op != "+" && op != "-" && op != "*") return false;
  return integer_word(words[1]) && integer_word(words[3]);
}

bool IntegerInference::integer_word(const Node* word) const {
  if (word == nullptr || !word->is(NodeKind::Word)) return false;
  if (std::optional<std::string> value = static_word_value(source_, word)) return is_canonical_integer(*value);
  if (word->kids.size() != 1) return false;
  const Node* part = unwrap_quotes(word->kids[0]);
  switch (part->kind) {
    case NodeKind::ArithExp:
    case NodeKind::ArithBracket:
      return !part->kids.empty() && integer_arithmetic(part->kids[0]);
    case NodeKind::ParamExp:
      if ((part->flags & kParamLength) != 0 && part->op.empty()) return true;
      if (!part->op.empty() || !part->kids.empty() || (part->flags & kParamIndirect) != 0) return false;
      if (is_special_integer_parameter(part->text)) return true;
      return is_identifier(part->text) && certainly_integer(part->text, part);
    case NodeKind::CommandSub:
    case NodeKind::Backtick:
      return expr_integer(part);
    default:
      return false;
  }
}

bool IntegerInference::integer_arithmetic(const Node* expression) const {
  if (dialect_ != Dialect::Ksh) return true;
  bool integer = true;
  visit(expression, [&](const Node* node) {
    switch (node->kind) {
      case NodeKind::ArithNumber:
        integer = integer && integer_number_literal(node_text(source_, node));
        return false;
      case NodeKind::ArithCall:
        integer = false;
        return false;
      case NodeKind::ArithVariable:
        integer = integer && node->kids.empty() && candidate(node->text, node);
        return false;
      case NodeKind::ArithWord:
        integer = integer && !node->kids.empty() && node->kids[0]->is(NodeKind::ParamExp) &&
                  is_identifier(node->kids[0]->text) && node->kids[0]->op.empty() && candidate(node->kids[0]->text, node);
        return false;
      default:
        return integer;
    }
  });
  return integer;
}

bool IntegerInference::certainly_integer(std::string_view name, const Node* use) const {
  if (is_special_integer_parameter(name)) return true;
  if (scopes_.has_opaque_code() || !candidate(name, use)) return false;
  return defined_before(name, use);
}

bool IntegerInference::defines_unconditionally(const Node* statement, std::string_view name) const {
  if (statement->is(NodeKind::SimpleCommand) || statement->is(NodeKind::Declaration)) {
    if (statement->is(NodeKind::SimpleCommand) && has_words(statement)) return false;
    return std::any_of(statement->kids.begin(), statement->kids.end(), [&](const Node* kid) {
      return kid->is(NodeKind::Assignment) && kid->text == name && !kid->kids.empty() &&
             kid->kids.back()->is(NodeKind::Word) && !kid->kids.front()->is(NodeKind::Subscript);
    });
  }
  if (statement->is(NodeKind::ArithCommand) && statement->kids.size() == 1) {
    return arith_assigns(statement->kids[0], name);
  }
  return false;
}

bool IntegerInference::defined_before(std::string_view name, const Node* use) const {
  for (auto walk = tree_.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) return false;
    if ((up->is(NodeKind::For) || up->is(NodeKind::Select)) && n == up->kids.back() && up->text == name) return true;
    if (up->is(NodeKind::ArithFor) && n != up->kids.front() && arith_assigns(up->kids.front(), name)) {
      return true;
    }
    if (up->is(NodeKind::List) || up->is(NodeKind::Program)) {
      // Backwards from `n`: the nearest definition is usually close, the start of a long list far.
      for (uint32_t i = walk.kid_index(); i-- > 0;) {
        if (defines_unconditionally(up->kids[i], name)) return true;
      }
    }
  }
  return false;
}

int IntegerInference::line_of(const Node* node) const {
  return 1 + static_cast<int>(std::count(source_.begin(), source_.begin() + node->begin, '\n'));
}

std::string IntegerInference::explain_unknown(std::string_view name, const Node* use) const {
  if (scopes_.has_opaque_code()) return "the script runs `eval` or `.`, which may assign any variable";
  const Variable* variable = scopes_.lookup(name, use);
  if (variable == nullptr || variable->definitions.empty()) {
    return fmt::format("`${}` is not assigned in this script (it may come from the environment)", name);
  }
  if (candidate(name, use)) return fmt::format("`${}` may be unset where it is used", name);
  for (const Definition& definition : variable->definitions) {
    if (definition_integer(*variable, definition)) continue;
    std::string_view what = definition.kind == DefinitionKind::Input   ? "input"
                            : definition.kind == DefinitionKind::Unset ? "`unset`"
                                                                        : "a value not known to be an integer";
    return fmt::format("`${}` is assigned {} on line {}", name, what, line_of(definition.node));
  }
  return fmt::format("`${}` is not known to be an integer", name);
}

}  // namespace forklift
