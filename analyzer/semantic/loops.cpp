#include "analyzer/semantic/loops.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool is_repeated_part(const Node* loop, const Node* kid) {
  switch (loop->kind) {
    case NodeKind::While:
    case NodeKind::Until:
      return true;
    case NodeKind::For:
    case NodeKind::Select:
      return kid == for_body(loop);
    case NodeKind::ArithFor:
      return kid != ArithForView(loop).init();
    default:
      return false;
  }
}

std::optional<long long> integer_value(std::string_view text) {
  if (!is_decimal_integer(text)) return std::nullopt;
  return std::strtoll(std::string(text).c_str(), nullptr, 10);
}

std::optional<long long> arith_literal(std::string_view source, const Node* node) {
  if (node == nullptr || !node->is(NodeKind::ArithNumber)) return std::nullopt;
  std::string_view text = node_text(source, node);
  if (text.size() > 1 && text[0] == '0') return std::nullopt;  // octal in some shells
  return integer_value(text);
}

bool is_arith_variable(const Node* node, std::string_view name) {
  return node != nullptr && node->is(NodeKind::ArithVariable) && node->kids.empty() && node->text == name;
}

// `{1..10}` as the whole word.
std::optional<double> brace_range_count(std::string_view text) {
  if (text.size() < 6 || text.front() != '{' || text.back() != '}') return std::nullopt;
  std::string_view inner = text.substr(1, text.size() - 2);
  size_t dots = inner.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  auto from = integer_value(inner.substr(0, dots));
  auto to = integer_value(inner.substr(dots + 2));
  if (!from || !to) return std::nullopt;
  return static_cast<double>(std::llabs(*to - *from) + 1);
}

// `$(seq [first [step]] last)` with literal integer operands.
std::optional<double> seq_count(std::string_view source, const Node* word) {
  NodeSpan parts = WordView(word).parts();
  if (parts.size() != 1) return std::nullopt;
  const Node* command = sole_simple_command(parts[0]);
  if (command == nullptr || command_name(source, command) != "seq") return std::nullopt;
  std::vector<long long> operands;
  std::vector<const Node*> words = command_words(command);
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> value = static_word_value(source, words[i]);
    std::optional<long long> number = value ? integer_value(*value) : std::nullopt;
    if (!number) return std::nullopt;
    operands.push_back(*number);
  }
  long long first = 1, step = 1, last = 0;
  if (operands.size() == 1) {
    last = operands[0];
  } else if (operands.size() == 2) {
    first = operands[0];
    last = operands[1];
  } else if (operands.size() == 3) {
    first = operands[0];
    step = operands[1];
    last = operands[2];
  } else {
    return std::nullopt;
  }
  if (step == 0) return std::nullopt;
  long long trips = (last - first) / step + 1;
  return static_cast<double>(trips < 0 ? 0 : trips);
}

bool assigns(const Node* body, std::string_view name) {
  bool found = false;
  visit(body, [&](const Node* node) {
    if (node->is(NodeKind::Assignment) && node->text == name) found = true;
    if (is_arith_variable(arith_target(node), name)) found = true;
    return !found;
  });
  return found;
}

}  // namespace

bool is_loop(const Node* node) {
  switch (node->kind) {
    case NodeKind::While:
    case NodeKind::Until:
    case NodeKind::For:
    case NodeKind::Select:
    case NodeKind::ArithFor:
      return true;
    default:
      return false;
  }
}

const Node* loop_body(const Node* loop) {
  switch (loop->kind) {
    case NodeKind::While: return WhileView(loop).body();
    case NodeKind::Until: return UntilView(loop).body();
    case NodeKind::For:
    case NodeKind::Select: return for_body(loop);
    case NodeKind::ArithFor: return ArithForView(loop).body();
    default: return nullptr;
  }
}

LoopIndex::LoopIndex(std::string_view source, const TreeIndex& tree) : source_(source), tree_(tree) {
  visit(tree.root(), [&](const Node* node) {
    if (!is_loop(node) || node->kids.empty()) return true;
    Loop loop;
    loop.node = node;
    loop.body = loop_body(node);
    loop.parent = innermost_index(node);
    loop.depth = loop.parent < 0 ? 1 : loops_[loop.parent].depth + 1;
    loop.literal_trip_count = literal_trips(node);
    loop.reads_lines = reads_lines(node);
    index_[node] = static_cast<int>(loops_.size());
    loops_.push_back(loop);
    return true;
  });
}

int LoopIndex::innermost_index(const Node* node) const {
  for (auto walk = tree_.walk_up(node); walk; walk.up()) {
    const Node* up = walk.parent();
    if (up == nullptr || up->is(NodeKind::FunctionDef)) break;  // a body runs where it is called
    if (is_loop(up) && is_repeated_part(up, walk.node())) {
      auto it = index_.find(up);
      if (it != index_.end()) return it->second;
    }
  }
  return -1;
}

const Loop* LoopIndex::innermost(const Node* node) const {
  int index = innermost_index(node);
  return index < 0 ? nullptr : &loops_[index];
}

int LoopIndex::depth(const Node* node) const {
  const Loop* loop = innermost(node);
  return loop == nullptr ? 0 : loop->depth;
}

std::vector<const Loop*> LoopIndex::enclosing(const Node* node) const {
  std::vector<const Loop*> out;
  for (int index = innermost_index(node); index >= 0; index = loops_[index].parent) out.push_back(&loops_[index]);
  return out;
}

const Loop* LoopIndex::loop_of(const Node* loop_node) const {
  auto it = index_.find(loop_node);
  return it == index_.end() ? nullptr : &loops_[it->second];
}

std::optional<double> LoopIndex::literal_trips(const Node* loop) const {
  if (loop->is(NodeKind::For) || loop->is(NodeKind::Select)) {
    if ((loop->flags & kForHasIn) == 0) return std::nullopt;
    double count = 0;
    for (const Node* word : for_items(loop)) {
      if (static_word_value(source_, word)) {
        count += 1;
      } else if (auto range = brace_range_count(node_text(source_, word))) {
        count += *range;
      } else if (auto seq = seq_count(source_, word)) {
        count += *seq;
      } else {
        return std::nullopt;
      }
    }
    return count;
  }
  if (loop->is(NodeKind::ArithFor)) {
    ArithForView arith_for(loop);
    auto init = view_if<ArithAssignView>(arith_for.init());
    auto cond = view_if<ArithBinaryView>(arith_for.condition());
    if (!init || init->op() != ArithOperator::Assign || !cond) return std::nullopt;
    std::string_view name = init->target()->text;
    auto from = arith_literal(source_, init->value());
    auto to = arith_literal(source_, cond->right());
    if (!is_arith_variable(init->target(), name) || !is_arith_variable(cond->left(), name) || !from || !to) {
      return std::nullopt;
    }
    double span = static_cast<double>(*to - *from);
    if (cond->op() == ArithOperator::Less) return span > 0 ? span : 0;
    if (cond->op() == ArithOperator::LessEqual) return span >= 0 ? span + 1 : 0;
    return std::nullopt;
  }
  if (loop->is(NodeKind::While)) return counter_trips(loop);
  return std::nullopt;
}

// `v=A; while [ $v -lt B ]` (or `-le`, or `(( v < B ))`) with v assigned in the body.
std::optional<double> LoopIndex::counter_trips(const Node* loop) const {
  NodeSpan condition = ListView(WhileView(loop).condition()).statements();
  if (condition.size() != 1) return std::nullopt;
  const Node* test = condition[0];
  std::string name;
  std::string op;
  std::optional<long long> bound;
  if (test->is(NodeKind::SimpleCommand)) {
    std::vector<const Node*> words = command_words(test);
    std::optional<std::string> command = command_name(source_, test);
    if (!(command == "[" && words.size() == 5) && !(command == "test" && words.size() == 4)) return std::nullopt;
    const Node* param = plain_parameter(words[1]);
    auto test_op = static_word_value(source_, words[2]);
    auto limit = static_word_value(source_, words[3]);
    if (param == nullptr || !test_op || !limit) return std::nullopt;
    name = std::string(param->text);
    op = *test_op == "-lt" ? "<" : *test_op == "-le" ? "<=" : "";
    bound = integer_value(*limit);
  } else if (auto arith = view_if<ArithCommandView>(test)) {
    auto binary = view_if<ArithBinaryView>(arith->expression());
    if (!binary) return std::nullopt;
    if (!binary->left()->is(NodeKind::ArithVariable)) return std::nullopt;
    name = std::string(binary->left()->text);
    op = std::string(binary->op_spelling());
    bound = arith_literal(source_, binary->right());
  }
  if (name.empty() || (op != "<" && op != "<=") || !bound || !assigns(loop_body(loop), name)) return std::nullopt;
  auto statement = tree_.walk_up(tree_.enclosing_statement(loop));
  const Node* list = statement ? statement.parent() : nullptr;
  if (list == nullptr) return std::nullopt;
  // The start is the value of the nearest assignment before the loop:
  // searched backwards, as a script's top level can hold thousands of statements.
  const Node* start_assignment = nullptr;
  for (uint32_t i = statement.kid_index(); i-- > 0 && start_assignment == nullptr;) {
    const Node* sibling = ViewBase(list).kids()[i];
    if (!sibling->is(NodeKind::SimpleCommand) || has_words(sibling)) continue;
    for (const Node* kid : SimpleCommandView(sibling).items()) {
      if (kid->is(NodeKind::Assignment) && kid->text == name) start_assignment = kid;
    }
  }
  if (start_assignment == nullptr || AssignmentView(start_assignment).value() == nullptr) return std::nullopt;
  auto value = static_word_value(source_, AssignmentView(start_assignment).value());
  std::optional<long long> start = value ? integer_value(*value) : std::nullopt;
  if (!start) return std::nullopt;
  double span = static_cast<double>(*bound - *start);
  if (op == "<") return span > 0 ? span : 0;
  return span >= 0 ? span + 1 : 0;
}

bool LoopIndex::reads_lines(const Node* loop) const {
  if (!loop->is(NodeKind::While)) return false;
  NodeSpan condition = ListView(WhileView(loop).condition()).statements();
  if (condition.empty()) return false;
  const Node* last = condition.back();
  return last->is(NodeKind::SimpleCommand) && command_name(source_, last) == "read";
}

}  // namespace forklift
