// Choosing which fixes of one lint pass to apply together.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "rules/diagnostic.h"

namespace forklift {

struct FixSelection {
  std::vector<const Diagnostic*> accepted;    // in precedence order
  std::vector<const Diagnostic*> conflicting; // applicable, but lost to an accepted fix
  std::vector<const Diagnostic*> invalid;     // edits out of range or out of order (a rule bug)
  std::vector<Edit> edits;                    // the accepted fixes' edits, sorted, for apply_edits
};

// Precedence, stated once: a fix is applied whole or not at all; among fixes
// whose edits conflict (edits_conflict, rules/fix_conflict.h), the one whose first edit starts
// earlier wins, then the lower rule code, then the diagnostic that starts
// earlier. Losers are retried on the next round of the fix loop, against the
// rewritten text. Unsafe fixes are candidates only with `unsafe_fixes`,
// display-only ones never. (Fixes next to parse errors never get here:
// lint_source drops them.)
FixSelection select_fixes(std::span<const Diagnostic> diagnostics, size_t text_size, bool unsafe_fixes);

// Whether a fix of this applicability is applied under the policy.
bool is_applicable(Applicability applicability, bool unsafe_fixes);

}  // namespace forklift
