#include "analyzer/semantic/integer_inference.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

// ksh93 turns `1.5`, `1e3` into floats; bases (`16#ff`) and hex stay integers.
bool integer_number_literal(std::string_view text) {
  if (text.find('#') != std::string_view::npos || text.starts_with("0x") || text.starts_with("0X")) return true;
  return text.find_first_of(".eE") == std::string_view::npos;
}

// `name = …` as a whole arithmetic expression.
bool arith_assigns(const Node* expression, std::string_view name) {
  auto assign = view_if<ArithAssignView>(expression);
  if (!assign || assign->op() != ArithOperator::Assign) return false;
  auto variable = view_if<ArithVariableView>(assign->target());
  return variable && variable->name() == name && variable->subscript() == nullptr;
}

const Node* unwrap_quotes(const Node* part) {
  if (auto quoted = view_if<DoubleQuotedView>(part); quoted && quoted->parts().size() == 1) return quoted->parts()[0];
  return part;
}

// The sole part of a word, or null.
const Node* sole_part(const Node* word) {
  NodeSpan parts = WordView(word).parts();
  return parts.size() == 1 ? parts[0] : nullptr;
}

// The expression of $(( )) or $[ ].
const Node* arith_expansion_expression(const Node* part) {
  return part->is(NodeKind::ArithExp) ? ArithExpView(part).expression() : ArithBracketView(part).expression();
}

// $name or ${name} with no operator or subscript: the name, or null.
const Node* plain_param_of_arith_word(const Node* arith_word) {
  NodeSpan parts = ArithWordView(arith_word).parts();
  if (parts.empty() || !parts[0]->is(NodeKind::ParamExp)) return nullptr;
  ParamExpView param(parts[0]);
  return param.op_spelling().empty() && param.kids().empty() ? parts[0] : nullptr;
}

}  // namespace

IntegerInference::IntegerInference(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
                                   const OpaqueCode& opaque, Dialect dialect)
    : source_(source), tree_(tree), scopes_(scopes), opaque_(opaque), dialect_(dialect) {
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
        return arith_operator(node->op) == ArithOperator::Increment && non_negative_arithmetic(arith_target(node));
      }
      auto assign = view_if<ArithAssignView>(node);
      if (!assign) return false;
      if (assign->op() == ArithOperator::Assign) return non_negative_arithmetic(assign->value());
      if (assign->op() == ArithOperator::AddAssign || assign->op() == ArithOperator::MultiplyAssign) {
        return non_negative_arithmetic(node);
      }
      return false;
    }
    case DefinitionKind::ForItem: {
      for (const Node* item : for_items(definition.value)) {
        std::optional<std::string> value = static_word_value(source_, item);
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
      return non_negative_arithmetic(ArithGroupView(expression).expression());
    case NodeKind::ArithAssign: {
      ArithAssignView assign(expression);
      if (assign.op() != ArithOperator::AddAssign && assign.op() != ArithOperator::MultiplyAssign) return false;
      return non_negative_arithmetic(assign.target()) && non_negative_arithmetic(assign.value());
    }
    case NodeKind::ArithBinary: {
      ArithBinaryView binary(expression);
      if (binary.op() != ArithOperator::Add && binary.op() != ArithOperator::Multiply) return false;
      return non_negative_arithmetic(binary.left()) && non_negative_arithmetic(binary.right());
    }
    case NodeKind::ArithWord: {
      const Node* param = plain_param_of_arith_word(expression);
      return param != nullptr && (is_integer_special_param(param->text) || non_negative_candidate(param->text, expression));
    }
    default:
      return false;
  }
}

bool IntegerInference::non_negative_word(const Node* word) const {
  if (word == nullptr || !word->is(NodeKind::Word)) return false;
  if (std::optional<std::string> value = static_word_value(source_, word)) {
    return is_canonical_integer(*value) && (*value)[0] != '-';
  }
  if (sole_part(word) == nullptr) return false;
  const Node* part = unwrap_quotes(sole_part(word));
  switch (part->kind) {
    case NodeKind::ArithExp:
      return non_negative_arithmetic(arith_expansion_expression(part));
    case NodeKind::ParamExp:
      if ((part->flags & kParamLength) != 0 && part->op.empty()) return true;
      if (!part->op.empty() || !part->kids.empty() || (part->flags & kParamIndirect) != 0) return false;
      if (is_integer_special_param(part->text)) return true;
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
  if (is_integer_special_param(name)) return true;
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
  // ksh pads `typeset -Z`/`-R` values with zeros or blanks: `5` reads back as `005`.
  if (attributes.floating || attributes.indexed_array || attributes.associative_array || attributes.justified) {
    return false;
  }
  if (definition.kind == DefinitionKind::Unset || definition.kind == DefinitionKind::Element) return false;
  // An integer variable evaluates whatever it is assigned as arithmetic.
  if (attributes.integer) return attributes.integer_base == 10;
  switch (definition.kind) {
    case DefinitionKind::Value:
      return definition.value != nullptr && integer_word(definition.value);
    case DefinitionKind::Arithmetic:
      if (dialect_ != Dialect::Ksh) return true;
      if (definition.value == nullptr) return false;  // ksh `let`: not parsed here
      if (auto assign = view_if<ArithAssignView>(definition.value); assign && assign->op() == ArithOperator::Assign) {
        return integer_arithmetic(assign->value());
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
  if (sole_part(word) == nullptr) return false;
  const Node* command = sole_simple_command(sole_part(word));
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
  NodeSpan items = for_items(loop);
  if ((loop->flags & kForHasIn) == 0 || items.empty()) return false;
  for (const Node* item : items) {
    std::optional<std::string> value = static_word_value(source_, item);
    if (!(value && is_canonical_integer(*value)) && !seq_of_literals(item)) return false;
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
  if (sole_part(word) == nullptr) return false;
  const Node* part = unwrap_quotes(sole_part(word));
  switch (part->kind) {
    case NodeKind::ArithExp:
    case NodeKind::ArithBracket:
      return integer_arithmetic(arith_expansion_expression(part));
    case NodeKind::ParamExp:
      if ((part->flags & kParamLength) != 0 && part->op.empty()) return true;
      if (!part->op.empty() || !part->kids.empty() || (part->flags & kParamIndirect) != 0) return false;
      if (is_integer_special_param(part->text)) return true;
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
      case NodeKind::ArithWord: {
        NodeSpan parts = ArithWordView(node).parts();
        auto param = view_if<ParamExpView>(parts.empty() ? nullptr : parts[0]);
        integer = integer && param && is_identifier(param->name()) && param->op_spelling().empty() &&
                  candidate(param->name(), node);
        return false;
      }
      default:
        return integer;
    }
  });
  return integer;
}

bool IntegerInference::certainly_integer(std::string_view name, const Node* use) const {
  if (is_integer_special_param(name)) return true;
  if (!candidate(name, use) || !defined_before(name, use)) return false;
  return !opaque_.may_assign_before(name, use);
}

bool IntegerInference::defines_unconditionally(const Node* statement, std::string_view name) const {
  if (statement->is(NodeKind::SimpleCommand) || statement->is(NodeKind::Declaration)) {
    if (statement->is(NodeKind::SimpleCommand) && has_words(statement)) return false;
    NodeSpan items = ViewBase(statement).kids();
    return std::any_of(items.begin(), items.end(), [&](const Node* kid) {
      auto assignment = view_if<AssignmentView>(kid);
      return assignment && assignment->name() == name && assignment->subscript() == nullptr &&
             assignment->value() != nullptr && assignment->value()->is(NodeKind::Word);
    });
  }
  if (auto arith = view_if<ArithCommandView>(statement)) return arith_assigns(arith->expression(), name);
  return false;
}

bool IntegerInference::defined_before(std::string_view name, const Node* use) const {
  for (auto walk = tree_.walk_up(use); walk; walk.up()) {
    const Node* n = walk.node();
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) return false;
    if ((up->is(NodeKind::For) || up->is(NodeKind::Select)) && n == for_body(up) && up->text == name) return true;
    if (auto arith_for = view_if<ArithForView>(up); arith_for && n != arith_for->init() && arith_assigns(arith_for->init(), name)) {
      return true;
    }
    if (up->is(NodeKind::List) || up->is(NodeKind::Program)) {
      // Backwards from `n`: the nearest definition is usually close, the start of a long list far.
      for (uint32_t i = walk.kid_index(); i-- > 0;) {
        if (defines_unconditionally(ViewBase(up).kids()[i], name)) return true;
      }
    }
  }
  return false;
}

int IntegerInference::line_of(const Node* node) const {
  return 1 + static_cast<int>(std::count(source_.begin(), source_.begin() + node->begin, '\n'));
}

std::string IntegerInference::explain_unknown(std::string_view name, const Node* use) const {
  const Variable* variable = scopes_.lookup(name, use);
  if (variable == nullptr || variable->definitions.empty()) {
    return fmt::format("`${}` is not assigned in this script (it may come from the environment)", name);
  }
  if (candidate(name, use) && defined_before(name, use) && opaque_.may_assign_before(name, use)) {
    return "the script runs `eval` or `.` before it, which may assign any variable";
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
