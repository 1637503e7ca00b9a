// What a rewrite of `… "$v" | sed` into an expansion needs to know about the
// value: sed edits each line and echo mangles some values, the expansion
// does neither.
#pragma once

#include "analyzer/semantic_model.h"
#include "rules/findings.h"
#include "rules/piped_value.h"

namespace forklift {

// Downgrades `safety` with each fact that is missing (and names those that
// are proven, for the safe fix's message): the value may hold a
// newline; `echo` may take it as an option or interpret its backslashes;
// an unquoted `$v` is split and globbed; `printf %s` of an empty value gives
// sed no line at all.
void require_sed_value_facts(const SemanticModel& model, const PipedValue& value, FixSafety& safety);

}  // namespace forklift
