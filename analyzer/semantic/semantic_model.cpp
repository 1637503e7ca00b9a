#include "analyzer/semantic_model.h"

#include <cmath>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

std::string count_text(double value) { return fmt::format("{}", static_cast<long long>(std::llround(value))); }

std::string forks_text(double forks) {
  return fmt::format("{} fork{}", count_text(forks), std::llround(forks) == 1 ? "" : "s");
}

}  // namespace

SemanticModel::SemanticModel(const SourceFile& file, const Ast& ast, Dialect dialect)
    : file_(file),
      ast_(ast),
      dialect_(dialect),
      tree_(ast.root),
      loops_(file.text(), tree_),
      scopes_(file.text(), tree_, dialect),
      forks_(file.text(), scopes_, dialect),
      reaching_(file.text(), tree_, scopes_, dialect),
      opaque_(file.text(), tree_, scopes_, reaching_, dialect),
      integers_(file.text(), tree_, scopes_, opaque_, dialect),
      values_(file.text(), tree_, scopes_, reaching_, opaque_, integers_, dialect),
      status_(file.text(), tree_),
      fork_sites_(forks_.sites(ast.root)) {
  for (const Node* substitution : tree_.substitutions()) {
    if (substitution->is(NodeKind::Backtick) && escaped_backtick(text(substitution))) has_escaped_backtick_ = true;
  }
}

std::string_view SemanticModel::text(const Node* node) const { return node_text(file_.text(), node); }

std::optional<std::string> SemanticModel::static_text(const Node* word) const {
  if (std::optional<std::string> text = static_word_value(file_.text(), word)) return text;
  if (word == nullptr || !word->is(NodeKind::Word) || (word->flags & kWordHasGlob) != 0) return std::nullopt;
  // An unquoted expansion would be split and globbed.
  for (const Node* part : word->kids) {
    if (!part->is(NodeKind::Literal) && !part->is(NodeKind::SingleQuoted) && !part->is(NodeKind::DoubleQuoted)) {
      return std::nullopt;
    }
  }
  ValueFacts facts = values_.word_facts(word);
  if (!facts.exact) return std::nullopt;
  return facts.prefix;
}

VariableAttributes SemanticModel::attributes(std::string_view name, const Node* at) const {
  const Variable* variable = scopes_.lookup(name, at);
  return variable == nullptr ? VariableAttributes{} : variable->attributes;
}

// A function called inside loops runs once per trip of each: its forks are
// the loops' too. Calls are followed a few levels up (functions calling
// functions); a function with no call inside a loop weighs 1.
SemanticModel::CallWeight SemanticModel::call_weight(const Node* function_def, int depth) const {
  constexpr int kMaxCallDepth = 4;
  CallWeight weight;
  if (function_def == nullptr || depth >= kMaxCallDepth) return weight;
  double runs = 0;
  for (const Node* call : scopes_.calls(function_def->text)) {
    if (contains(function_def, call)) return weight;  // recursion: no estimate
    double call_runs = 1;
    std::vector<const Loop*> loops = loops_.enclosing(call);
    for (const Loop* loop : loops) call_runs *= loop->trip_count();
    CallWeight outer = call_weight(tree_.enclosing_function(call), depth + 1);
    runs += call_runs * outer.runs;
    weight.loop_depth = std::max(weight.loop_depth, static_cast<int>(loops.size()) + outer.loop_depth);
  }
  if (weight.loop_depth > 0) weight.runs = runs;
  return weight;
}

ForkEstimate SemanticModel::fork_estimate(const Node* node) const {
  ForkEstimate estimate;
  estimate.forks_per_execution = forks_.forks(node);
  std::vector<const Loop*> loops = loops_.enclosing(node);
  estimate.loop_depth = static_cast<int>(loops.size());
  estimate.per_input_line = !loops.empty() && loops.front()->reads_lines;
  estimate.estimated_forks = estimate.forks_per_execution;
  for (const Loop* loop : loops) estimate.estimated_forks *= loop->trip_count();
  const Node* function = tree_.enclosing_function(node);
  CallWeight calls = call_weight(function, 0);
  if (calls.loop_depth > 0) {
    estimate.called_from = function->text;
    estimate.loop_depth += calls.loop_depth;
    estimate.estimated_forks *= calls.runs;
  }
  return estimate;
}

std::string SemanticModel::describe_cost(const ForkEstimate& estimate) const {
  std::string forks = forks_text(estimate.forks_per_execution);
  if (estimate.loop_depth == 0) return fmt::format("{} each time it runs", forks);
  std::string unit = estimate.per_input_line ? "per input line" : "per iteration";
  std::string where = estimate.loop_depth == 1 ? "inside a loop" : fmt::format("inside {} nested loops", estimate.loop_depth);
  if (!estimate.called_from.empty()) where = fmt::format("in `{}`, which is called {}", estimate.called_from, where);
  return fmt::format("~{} {} {}, ~{} per run", forks, unit, where, count_text(estimate.estimated_forks));
}

}  // namespace forklift
