// Code the model cannot see, for integer inference and value facts: `eval`,
// `.` and `source` may assign any variable (and define any function), and so
// may `command eval`, a call of a function that runs one (directly or
// through the functions it calls), a command named by an expansion when some
// function runs one, and, once such code may have defined functions, a call
// of a name that is neither a function of the script, a builtin nor a
// standard utility (`die`, `func_verbose`: a function of a sourced library).
//
// Such code run in a subshell (`( )`, `$( )`, a stage of a pipeline before
// the last, a background job) assigns nothing outside it: it counts only for
// a use inside the same subshell.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/scopes.h"
#include "analyzer/semantic/tree_index.h"
#include "analyzer/semantic/value_reaching.h"

namespace forklift {

class OpaqueCode {
 public:
  OpaqueCode(std::string_view source, const TreeIndex& tree, const ScopeIndex& scopes,
             const ReachingDefinitions& reaching, Dialect dialect);

  // The script runs no such code outside a subshell that holds no use.
  bool empty() const { return commands_.empty(); }
  // Whether such code may assign `name` between the definition the read
  // `use` takes its value from and `use`: along the control flow for a read
  // outside function bodies, else when one may run after the nearest
  // definition before the use in its function (or there is none).
  bool may_assign_before(std::string_view name, const Node* use) const;
  // Whether such code may run after `from` starts and before `use`: between
  // them in the text, or in a loop around the use that `from` is outside of.
  bool runs_between(const Node* from, const Node* use) const;

 private:
  struct Command {
    uint32_t order = 0;
    const Node* subshell = nullptr;  // the subshell it is confined to, if any
  };
  void collect(Dialect dialect);
  const Node* confining_subshell(const Node* node, bool stop_at_function) const;
  bool counts_for(const Command& command, const Node* use) const;

  std::string_view source_;
  const TreeIndex& tree_;
  const ScopeIndex& scopes_;
  const ReachingDefinitions& reaching_;
  std::vector<Command> commands_;  // ascending order
};

}  // namespace forklift
