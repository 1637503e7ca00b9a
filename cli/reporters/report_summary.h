// Counts over a report, shared by the human-readable formats.
#pragma once

#include <string>

#include "cli/reporters/reporter.h"

namespace forklift::cli {

// Whether `forklift fix` would apply this fix (with --unsafe-fixes when
// `unsafe_fixes`); display-only fixes never are.
bool is_applicable(const Fix& fix, bool unsafe_fixes);

// "All checks passed!" or "Found 3 findings in 2 files.\n[*] 1 fixable with `forklift fix`.\n"
std::string summary_text(const Report& report);

}  // namespace forklift::cli
