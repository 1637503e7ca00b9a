// The semantic model of one script: what the rules, the rewriter and the
// language server know beyond the syntax tree.
//
//  * scopes and variables (analyzer/semantic/scopes.h)
//  * loops, nesting depth and trip estimates (analyzer/semantic/loops.h)
//  * fork sites and their cost in the target shell (analyzer/semantic/fork_sites.h)
//  * integer inference (analyzer/semantic/integer_inference.h)
//  * exit-status use (analyzer/semantic/exit_status.h)
//  * value facts: what is known of a value where it is read (analyzer/semantic/value_facts.h)
//
// Built once per parse; the SourceFile and Ast must outlive it. All queries
// take nodes of that Ast.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/command_resolution.h"
#include "analyzer/semantic/exit_status.h"
#include "analyzer/semantic/fork_sites.h"
#include "analyzer/semantic/integer_inference.h"
#include "analyzer/semantic/loops.h"
#include "analyzer/semantic/opaque_code.h"
#include "analyzer/semantic/scopes.h"
#include "analyzer/semantic/tree_index.h"
#include "analyzer/semantic/value_facts.h"
#include "analyzer/semantic/value_reaching.h"
#include "analyzer/source_file.h"

namespace forklift {

// The processes a piece of code starts, scaled by the loops around it.
struct ForkEstimate {
  double forks_per_execution = 0;
  int loop_depth = 0;
  double estimated_forks = 0;  // forks_per_execution times the trip count of every enclosing loop
  bool per_input_line = false; // the innermost loop is a `while read` loop
  // Set when the code is in a function called inside loops: the loops around
  // its calls count, summed over the calls.
  std::string called_from;
};

class SemanticModel {
 public:
  SemanticModel(const SourceFile& file, const Ast& ast, Dialect dialect);
  SemanticModel(const SemanticModel&) = delete;
  SemanticModel& operator=(const SemanticModel&) = delete;

  const SourceFile& file() const { return file_; }
  const Ast& ast() const { return ast_; }
  Dialect dialect() const { return dialect_; }
  std::string_view source() const { return file_.text(); }
  std::string_view text(const Node* node) const;

  // ---- Tree ----
  const Node* parent(const Node* node) const { return tree_.parent(node); }
  // Walking up this way costs one lookup in all; parent() costs one per step.
  TreeIndex::WalkUp walk_up(const Node* node) const { return tree_.walk_up(node); }
  const Node* enclosing_statement(const Node* node) const { return tree_.enclosing_statement(node); }
  const Node* enclosing_function(const Node* node) const { return tree_.enclosing_function(node); }
  bool contains(const Node* ancestor, const Node* node) const { return tree_.contains(ancestor, node); }
  // Every CommandSub and Backtick, in source order.
  const std::vector<const Node*>& substitutions() const { return tree_.substitutions(); }
  // Whether some Backtick's body has `\$`, `` \` `` or `\\` (its inner text is still escaped).
  bool has_escaped_backtick() const { return has_escaped_backtick_; }

  // ---- Loops ----
  const std::vector<Loop>& loops() const { return loops_.loops(); }
  int loop_depth(const Node* node) const { return loops_.depth(node); }
  std::vector<const Loop*> enclosing_loops(const Node* node) const { return loops_.enclosing(node); }
  const Loop* loop_of(const Node* loop_node) const { return loops_.loop_of(loop_node); }

  // ---- Scopes and variables ----
  const Variable* variable(std::string_view name, const Node* at) const { return scopes_.lookup(name, at); }
  VariableAttributes attributes(std::string_view name, const Node* at) const;
  const std::vector<Variable>& variables() const { return scopes_.variables(); }
  const Function* function(std::string_view name) const { return scopes_.function(name); }
  const std::vector<Function>& functions() const { return scopes_.functions(); }
  bool may_assign_ifs(const Node* at) const { return scopes_.may_assign_ifs(at); }

  // ---- Fork sites ----
  CommandKind command_kind(const Node* simple_command) const { return forks_.command_kind(simple_command); }
  double forks(const Node* node) const { return forks_.forks(node); }
  const std::vector<ForkSite>& fork_sites() const { return fork_sites_; }
  ForkEstimate fork_estimate(const Node* node) const;
  // Inside a loop, or in a function called inside one.
  bool runs_in_loop(const Node* node) const {
    return loops_.depth(node) > 0 || call_weight(tree_.enclosing_function(node), 0).loop_depth > 0;
  }
  // "1 fork each time it runs", "~2 forks per iteration inside 2 nested loops, ~20000 per run".
  std::string describe_cost(const ForkEstimate& estimate) const;

  // ---- Integer inference ----
  bool certainly_integer(std::string_view name, const Node* use) const { return integers_.certainly_integer(name, use); }
  bool integer_word(const Node* word) const { return integers_.integer_word(word); }
  bool integer_arithmetic(const Node* expression) const { return integers_.integer_arithmetic(expression); }
  bool certainly_non_negative(std::string_view name, const Node* use) const {
    return integers_.certainly_non_negative(name, use);
  }
  bool non_negative_word(const Node* word) const { return integers_.non_negative_word(word); }
  std::string explain_not_integer(std::string_view name, const Node* use) const {
    return integers_.explain_unknown(name, use);
  }
  bool defined_before(std::string_view name, const Node* use) const { return integers_.defined_before(name, use); }

  // ---- Value facts ----
  // Of a plain parameter expansion (`$x`, `"${x}"`, `$1`), or of `$name` at `use`.
  ValueFacts value_facts(const Node* param_exp) const { return values_.facts_at(param_exp); }
  ValueFacts value_facts(std::string_view name, const Node* use) const { return values_.facts_at(name, use); }
  // Of what a Word expands to when it is neither split nor globbed.
  ValueFacts word_facts(const Node* word) const { return values_.word_facts(word); }
  // The text a command word expands to when it is known statically: a word
  // of literals, or one whose expansions are all in double quotes and read
  // variables every reaching definition of which assigns the same literal
  // (no `eval` or `.` that may assign them in between, no value from the
  // environment). nullopt for anything else, and for a word that is split
  // or globbed.
  std::optional<std::string> static_text(const Node* word) const;
  // The utility a SimpleCommand runs: its static name, or the value of the
  // variable naming it when that is known (`SED=sed; $SED …` runs `sed`).
  std::optional<std::string> resolved_command_name(const Node* simple_command) const {
    return resolve_command_name(source(), values_, simple_command);
  }

  // ---- Exit status ----
  std::optional<StatusConsumer> exit_status_consumer(const Node* command) const { return status_.consumer(command); }
  bool errexit() const { return status_.errexit(); }
  bool pipefail() const { return status_.pipefail(); }
  bool maybe_nounset() const { return status_.maybe_nounset(); }

 private:
  const SourceFile& file_;
  const Ast& ast_;
  Dialect dialect_;
  TreeIndex tree_;
  LoopIndex loops_;
  ScopeIndex scopes_;
  ForkCounter forks_;
  ReachingDefinitions reaching_;
  OpaqueCode opaque_;
  IntegerInference integers_;
  ValueFactIndex values_;
  ExitStatusUse status_;
  struct CallWeight {
    double runs = 1;     // how often the function runs per run of the script
    int loop_depth = 0;  // the deepest loop nesting around one of its calls
  };
  CallWeight call_weight(const Node* function_def, int depth) const;

  std::vector<ForkSite> fork_sites_;
  bool has_escaped_backtick_ = false;
};

}  // namespace forklift
