#include <algorithm>
#include <string_view>
#include <vector>

#include "rules/linter.h"

namespace forklift {
namespace {

// How specifically `selector` names `code`: -1 when it does not match, else the
// length of the matched prefix ("ALL" matches everything with specificity 0).
int specificity(std::string_view selector, std::string_view code) {
  if (selector == "ALL") return 0;
  if (!code.starts_with(selector)) return -1;
  return static_cast<int>(selector.size());
}

int best_specificity(const std::vector<std::string>& selectors, std::string_view code) {
  int best = -1;
  for (const std::string& selector : selectors) best = std::max(best, specificity(selector, code));
  return best;
}

}  // namespace

// Ruff's rule: the most specific matching entry decides; on a tie (the same
// prefix both selected and ignored) ignore wins. Per-file ignores outrank both.
bool RuleSelection::enabled(std::string_view code) const {
  if (best_specificity(per_file_ignores, code) >= 0) return false;
  int selected = select.empty() ? 0 : best_specificity(select, code);
  selected = std::max(selected, best_specificity(extend_select, code));
  if (selected < 0) return false;
  return best_specificity(ignore, code) < selected;
}

}  // namespace forklift
