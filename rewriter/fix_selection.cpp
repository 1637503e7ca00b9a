#include "rewriter/fix_selection.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "rewriter/edit_application.h"
#include "rules/fix_conflict.h"

namespace forklift {
namespace {

// The edits already taken, keyed by begin. They do not conflict with each
// other, so a new edit only needs checking against its neighbours.
class TakenEdits {
 public:
  bool conflicts_with(const Edit& edit) const {
    auto next = taken_.lower_bound(edit.begin);
    if (next != taken_.end() && ranges_conflict(edit.begin, edit.end, next->first, next->second)) return true;
    if (next == taken_.begin()) return false;
    auto previous = std::prev(next);
    return ranges_conflict(edit.begin, edit.end, previous->first, previous->second);
  }
  void take(const Edit& edit) { taken_.emplace(edit.begin, edit.end); }  // equal keys stay in insertion order

 private:
  std::multimap<uint32_t, uint32_t> taken_;  // begin -> end; one fix may put an insertion and a replacement at one begin
};

auto precedence_key(const Diagnostic& d) { return std::tuple(d.fix->edits.front().begin, std::string_view(d.code), d.begin); }

}  // namespace

bool is_applicable(Applicability applicability, bool unsafe_fixes) {
  return applicability == Applicability::Safe || (unsafe_fixes && applicability == Applicability::Unsafe);
}

FixSelection select_fixes(std::span<const Diagnostic> diagnostics, size_t text_size, bool unsafe_fixes) {
  FixSelection selection;
  std::vector<const Diagnostic*> candidates;
  for (const Diagnostic& d : diagnostics) {
    if (!d.fix || d.fix->edits.empty() || !is_applicable(d.fix->applicability, unsafe_fixes)) continue;
    if (check_edits(d.fix->edits, text_size)) {
      selection.invalid.push_back(&d);
    } else {
      candidates.push_back(&d);
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Diagnostic* a, const Diagnostic* b) { return precedence_key(*a) < precedence_key(*b); });

  TakenEdits taken;
  for (const Diagnostic* d : candidates) {
    const auto& edits = d->fix->edits;
    if (std::any_of(edits.begin(), edits.end(), [&](const Edit& e) { return taken.conflicts_with(e); })) {
      selection.conflicting.push_back(d);
      continue;
    }
    for (const Edit& e : edits) taken.take(e);
    selection.accepted.push_back(d);
    selection.edits.insert(selection.edits.end(), edits.begin(), edits.end());
  }
  std::stable_sort(selection.edits.begin(), selection.edits.end(),
            [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  return selection;
}

}  // namespace forklift
