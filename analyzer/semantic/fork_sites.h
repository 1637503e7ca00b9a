// Where a script starts processes in the target shell, and how many.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/scopes.h"

namespace forklift {

enum class CommandKind {
  Builtin,   // runs in the shell (per dialect)
  Function,  // a function defined in this file
  External,  // a program found on PATH: one fork + exec
  Dynamic,   // the name is an expansion: unknown, counted as external
  None,      // assignments or redirections only
};

// A node that starts processes by itself (not counting the nodes inside it).
struct ForkSite {
  const Node* node = nullptr;  // SimpleCommand, CommandSub, Backtick, Subshell, Pipeline, Background, ...
  double forks = 0;
};

class ForkCounter {
 public:
  ForkCounter(std::string_view source, const ScopeIndex& scopes, Dialect dialect);

  CommandKind command_kind(const Node* simple_command) const;
  // Processes `node` itself starts each time it runs:
  //  * an external command: 1 (fork + exec);
  //  * `$( )`, backticks, `( )`: 1 where the target shell forks for them (not
  //    ksh93), unless the body ends in an external command, which the forked
  //    child execs without a second fork;
  //  * a pipeline: 1 per element that is not an external command (those are
  //    counted by themselves), except the last element in ksh93;
  //  * `&`, `|&`, `<( )`: 1 unless the job is one external command.
  double own_forks(const Node* node) const;
  // All processes started each time `node` runs (function bodies not followed).
  double forks(const Node* node) const;
  std::vector<ForkSite> sites(const Node* root) const;

 private:
  bool is_external(const Node* node) const;
  bool ends_in_external(const Node* list) const;

  std::string_view source_;
  const ScopeIndex& scopes_;
  Dialect dialect_;
};

}  // namespace forklift
