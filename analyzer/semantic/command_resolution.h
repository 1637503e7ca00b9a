// The utility a simple command runs when its name is a variable provably set
// to it: `SED=sed; $SED …`, `AWK=/usr/bin/awk; "$AWK" …`. Rules that rewrite
// a utility's call look its name up here, so `$SED` counts as `sed`.
#pragma once

#include <optional>
#include <string>

#include "analyzer/ast.h"
#include "analyzer/semantic/value_facts.h"

namespace forklift {

class ValueFactIndex;

// The static command name (`sed` in `x=1 sed …`), or the value of the
// variable that names it when value facts know it exactly and it is one
// plain word (a path is reduced to its last component); nullopt otherwise.
std::optional<std::string> resolve_command_name(std::string_view source, const ValueFactIndex& values,
                                                const Node* simple_command);

}  // namespace forklift
