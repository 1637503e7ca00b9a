// Choosing which fixes of one lint pass to apply together.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "analyzer/ast.h"
#include "rules/diagnostic.h"

namespace forklift {

struct FixSelectionPolicy {
  bool unsafe_fixes = false;          // apply Unsafe fixes too (never DisplayOnly ones)
  std::vector<Span> forbidden;        // regions no edit may touch (around parse errors)
};

struct FixSelection {
  std::vector<const Diagnostic*> accepted;    // in precedence order
  std::vector<const Diagnostic*> conflicting; // applicable, but lost to an accepted fix
  std::vector<const Diagnostic*> blocked;     // applicable, but touching a forbidden region
  std::vector<const Diagnostic*> invalid;     // edits out of range or out of order (a rule bug)
  std::vector<Edit> edits;                    // the accepted fixes' edits, sorted, for apply_edits
};

// Precedence, stated once: a fix is applied whole or not at all; among fixes
// whose edits conflict (edits_conflict), the one whose first edit starts
// earlier wins, then the lower rule code, then the diagnostic that starts
// earlier. Losers are retried on the next round of the fix loop, against the
// rewritten text.
FixSelection select_fixes(std::span<const Diagnostic> diagnostics, size_t text_size, const FixSelectionPolicy& policy);

// Whether a fix of this applicability is applied under the policy.
bool is_applicable(Applicability applicability, bool unsafe_fixes);

}  // namespace forklift
