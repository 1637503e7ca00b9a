// The fix loop: lint, apply the fixes that do not conflict, lint the result
// again, until nothing changes.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/source_file.h"
#include "rules/diagnostic.h"
#include "rules/linter.h"

namespace forklift {

// One lint pass over a text: lint_source with the file's options, or a
// stand-in in tests.
using Linter = std::function<LintResult(const SourceFile&)>;

inline constexpr int kMaxFixRounds = 10;

struct FixLoopOptions {
  bool unsafe_fixes = false;
  int max_rounds = kMaxFixRounds;
};

// Why a fix found on the final text was not applied.
enum class LeftReason {
  NeedsUnsafeFixes,    // Unsafe without --unsafe-fixes
  DisplayOnly,         // never applied
  InvalidEdits,        // the rule produced edits out of range or out of order
  NotConverged,        // still applicable when the round limit was reached
};

struct LeftFix {
  std::string code;
  LeftReason reason;
};

// A round whose result did not parse as well as its input did.
struct FixFailure {
  int round = 0;
  std::vector<std::string> codes;  // the rules whose fixes that round applied
  std::string detail;              // the first new syntax error, positioned in the rewritten text
};

struct FixLoopResult {
  std::string text;                   // the fixed source; the input on failure
  std::map<std::string, int> applied; // fixes applied, per rule code
  std::vector<LeftFix> left;          // fixes of the final text that were not applied
  std::optional<FixFailure> failure;
  int rounds = 0;                     // rounds that changed the text
  size_t syntax_errors = 0;           // parse errors of the input: then nothing is fixed
  bool changed() const { return applied.size() > 0; }
};

// A source with parse errors is not fixed at all (as Ruff does): where the
// broken construct begins is unknown — an unterminated `if` or quote is
// reported at the end of the file or of its first line, and fixes inside it
// would edit a guessed tree or the inside of a string.
// Otherwise runs at most options.max_rounds rounds. A round that changes nothing, or
// brings back a text an earlier round produced, ends the loop. When a round's
// result fails to parse or has parse errors its input did not have, the whole
// loop is abandoned: `text` is the input and `failure` says which rules broke it.
FixLoopResult run_fix_loop(const SourceFile& input, const FixLoopOptions& options, const Linter& lint);

}  // namespace forklift
