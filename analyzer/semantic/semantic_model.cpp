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
      integers_(file.text(), tree_, scopes_, dialect),
      status_(file.text(), tree_),
      fork_sites_(forks_.sites(ast.root)) {
  for (const Node* substitution : tree_.substitutions()) {
    if (substitution->is(NodeKind::Backtick) && escaped_backtick(text(substitution))) has_escaped_backtick_ = true;
  }
}

std::string_view SemanticModel::text(const Node* node) const { return node_text(file_.text(), node); }

VariableAttributes SemanticModel::attributes(std::string_view name, const Node* at) const {
  const Variable* variable = scopes_.lookup(name, at);
  return variable == nullptr ? VariableAttributes{} : variable->attributes;
}

ForkEstimate SemanticModel::fork_estimate(const Node* node) const {
  ForkEstimate estimate;
  estimate.forks_per_execution = forks_.forks(node);
  std::vector<const Loop*> loops = loops_.enclosing(node);
  estimate.loop_depth = static_cast<int>(loops.size());
  estimate.per_input_line = !loops.empty() && loops.front()->reads_lines;
  estimate.estimated_forks = estimate.forks_per_execution;
  for (const Loop* loop : loops) estimate.estimated_forks *= loop->trip_count();
  return estimate;
}

std::string SemanticModel::describe_cost(const ForkEstimate& estimate) const {
  std::string forks = forks_text(estimate.forks_per_execution);
  if (estimate.loop_depth == 0) return fmt::format("{} each time it runs", forks);
  std::string unit = estimate.per_input_line ? "per input line" : "per iteration";
  std::string where = estimate.loop_depth == 1 ? "inside a loop" : fmt::format("inside {} nested loops", estimate.loop_depth);
  return fmt::format("~{} {} {}, ~{} per run", forks, unit, where, count_text(estimate.estimated_forks));
}

}  // namespace forklift
