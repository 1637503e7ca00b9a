// What a rule reports: a diagnostic, and the fix it proposes with its safety.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace forklift {

// How much a fix can be trusted (Ruff's applicability):
//  Safe        - provably the same behaviour; `forklift fix` applies it.
//  Unsafe      - the same on the inputs the script is plausibly given;
//                applied only with --unsafe-fixes. Fix::reason says why not safe.
//  DisplayOnly - shown to the user, never applied.
enum class Applicability { Safe, Unsafe, DisplayOnly };

enum class Severity { Error, Warning, Info, Hint };

std::string_view applicability_name(Applicability a);
std::string_view severity_name(Severity s);

// Replace the source bytes [begin, end) with `replacement`.
struct Edit {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string replacement;
};

struct Fix {
  Applicability applicability = Applicability::Safe;
  std::string title;   // "Replace `expr` with `$(( ))`"
  std::string reason;  // why it has this applicability (always set for Unsafe/DisplayOnly)
  std::vector<Edit> edits;  // sorted, non-overlapping
  // A guarded rewrite (rules/guarded_rewrite.h): the original command stays
  // in a `case` arm for the values the rewrite would change.
  bool guarded = false;
};

// The estimated cost of the forks a diagnostic points at.
struct ForkCost {
  double forks_per_execution = 0;  // processes spawned each time the code runs
  int loop_depth = 0;              // enclosing loops
  double estimated_forks = 0;      // forks_per_execution * estimated trip counts
};

struct Diagnostic {
  std::string code;  // stable rule code, "FL101"
  Severity severity = Severity::Warning;
  uint32_t begin = 0;  // byte span in the source
  uint32_t end = 0;
  std::string message;
  std::optional<Fix> fix;
  std::optional<ForkCost> cost;
};

}  // namespace forklift
