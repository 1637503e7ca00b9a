// Whether anything looks at a command's exit status: a rewrite that changes
// the status (`v=$(expr …)` fails when the result is 0, `v=$((…))` never does)
// is only safe where nothing does.
#pragma once

#include <optional>
#include <string_view>

#include "analyzer/ast.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

enum class StatusConsumer {
  Condition,       // the condition of if / elif / while / until
  AndOr,           // the left side of && or ||
  Negation,        // `! cmd`
  DollarQuestion,  // `$?` in the next command
  ErrExit,         // `set -e` (or an ERR trap) is in force and the command is not in a tested context
  PipeFail,        // a non-last pipeline element with `set -o pipefail`
  FunctionResult,  // last command of a function: its return status
  ScriptResult,    // last command of the script: its exit status
};

// "the `while` condition tests it", "`set -e` is in force", ...
std::string_view describe_consumer(StatusConsumer consumer);

class ExitStatusUse {
 public:
  ExitStatusUse(std::string_view source, const TreeIndex& tree);

  // What consumes the exit status of `command` (a SimpleCommand or any node that
  // is or is inside a statement); nullopt when the status is ignored.
  std::optional<StatusConsumer> consumer(const Node* command) const;
  bool errexit() const { return errexit_; }
  bool pipefail() const { return pipefail_; }
  // `set -u` (or `-o nounset`, a `-u` on the `#!` line, or a `set` whose
  // options are not static) may be in force somewhere in the script.
  bool maybe_nounset() const { return nounset_; }
  // Inside an if/while condition, left of &&/||, or under `!`: errexit does not apply.
  bool in_tested_context(const Node* node) const;

 private:
  void scan_options();
  bool next_uses_status(const Node* list, const Node* statement) const;

  std::string_view source_;
  const TreeIndex& tree_;
  bool errexit_ = false;
  bool pipefail_ = false;
  bool nounset_ = false;
};

}  // namespace forklift
