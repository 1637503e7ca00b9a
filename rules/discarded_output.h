// Redirections of a command run for its exit status alone: its output sent
// to /dev/null, its errors anywhere.
#pragma once

#include "analyzer/ast.h"
#include "analyzer/semantic_model.h"

namespace forklift {

// True when every redirection of `command` (a SimpleCommand) is one of
// `>/dev/null`, `&>/dev/null`, `2>/dev/null`, `2>&1` or, with
// `here_strings`, a `<<<`; sets `discarded` when stdout goes to /dev/null.
bool redirects_only_discard(const SemanticModel& model, const Node* command, bool here_strings, bool& discarded);

}  // namespace forklift
