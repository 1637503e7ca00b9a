// Diagnostics with hand-made fixes, for testing the rewriter without rules.
#pragma once

#include <string>
#include <vector>

#include "rules/diagnostic.h"

namespace forklift::test {

inline Diagnostic diagnostic_with_fix(std::string code, std::vector<Edit> edits,
                                      Applicability applicability = Applicability::Safe) {
  Diagnostic d;
  d.code = std::move(code);
  d.begin = edits.empty() ? 0 : edits.front().begin;
  d.end = edits.empty() ? 0 : edits.back().end;
  d.message = "synthetic";
  d.fix = Fix{applicability, "synthetic fix", applicability == Applicability::Safe ? "" : "synthetic reason",
              std::move(edits)};
  return d;
}

}  // namespace forklift::test
