#include "rewriter/fix_loop.h"

#include <algorithm>
#include <set>
#include <unordered_set>
#include <utility>

#include "rewriter/edit_application.h"
#include "rewriter/fix_selection.h"
#include "rewriter/offset_map.h"

namespace forklift {
namespace {

// The first parse error of `after` that `before` did not have, seen through
// the edits that turned one into the other; nullopt when there is none.
std::optional<ParseError> first_new_error(const LintResult& before, const LintResult& after,
                                          const std::vector<Edit>& edits) {
  std::multiset<std::pair<uint32_t, std::string>> known;
  for (const ParseError& e : before.parse_errors) known.emplace(e.offset, e.message);
  OffsetMap map(edits);
  for (const ParseError& e : after.parse_errors) {
    auto original = map.to_original(e.offset);
    if (!original) return e;
    auto it = known.find({*original, e.message});
    if (it == known.end()) return e;
    known.erase(it);
  }
  return std::nullopt;
}

std::vector<std::string> codes_of(const std::vector<const Diagnostic*>& diagnostics) {
  std::vector<std::string> codes;
  for (const Diagnostic* d : diagnostics) codes.push_back(d->code);
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  return codes;
}

void note_left(const FixSelection& selection, const LintResult& lint, bool unsafe_fixes, bool converged,
               std::vector<LeftFix>& left) {
  for (const Diagnostic& d : lint.diagnostics) {
    if (!d.fix || d.fix->edits.empty() || is_applicable(d.fix->applicability, unsafe_fixes)) continue;
    left.push_back({d.code, d.fix->applicability == Applicability::DisplayOnly ? LeftReason::DisplayOnly
                                                                               : LeftReason::NeedsUnsafeFixes});
  }
  for (const Diagnostic* d : selection.invalid) left.push_back({d->code, LeftReason::InvalidEdits});
  if (!converged) {
    for (const Diagnostic* d : selection.accepted) left.push_back({d->code, LeftReason::NotConverged});
    for (const Diagnostic* d : selection.conflicting) left.push_back({d->code, LeftReason::NotConverged});
  }
}

}  // namespace

FixLoopResult run_fix_loop(const SourceFile& input, const FixLoopOptions& options, const Linter& lint) {
  FixLoopResult result;
  std::string current = input.text();
  LintResult linted = lint(input);
  if (!linted.parse_errors.empty()) {
    result.text = input.text();
    result.syntax_errors = linted.parse_errors.size();
    return result;
  }
  std::unordered_set<size_t> seen{std::hash<std::string_view>{}(current)};

  for (int round = 1;; ++round) {
    FixSelection selection = select_fixes(linted.diagnostics, current.size(), options.unsafe_fixes);
    std::string next = selection.accepted.empty() ? current : apply_edits(current, selection.edits);
    bool repeats = !seen.insert(std::hash<std::string_view>{}(next)).second;
    if (selection.accepted.empty() || next == current || repeats || round > options.max_rounds) {
      bool converged = selection.accepted.empty() || next == current;
      note_left(selection, linted, options.unsafe_fixes, converged, result.left);
      break;
    }

    LintResult next_linted = lint(SourceFile(input.path(), next));
    if (auto broken = first_new_error(linted, next_linted, selection.edits)) {
      SourceFile rewritten(input.path(), next);
      return FixLoopResult{input.text(), {}, {}, FixFailure{round, codes_of(selection.accepted),
                                                           format_parse_error(rewritten, *broken)}, 0};
    }
    for (const Diagnostic* d : selection.accepted) ++result.applied[d->code];
    result.rounds = round;
    current = std::move(next);
    linted = std::move(next_linted);
  }
  result.text = std::move(current);
  return result;
}

}  // namespace forklift
