#include "rewriter/fix_summary.h"

#include <fmt/format.h>

namespace forklift {
namespace {

std::string plural(int n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string rule_line(const std::string& code, int count, const std::string& name, std::string_view note) {
  std::string line = fmt::format("  {:<7}{:>4}", code, count);
  if (!name.empty()) line += "  " + name;
  if (!note.empty()) line += fmt::format(" ({})", note);
  return line + "\n";
}

}  // namespace

std::string_view left_reason_advice(LeftReason reason) {
  switch (reason) {
    case LeftReason::NeedsUnsafeFixes: return "unsafe: apply with --unsafe-fixes";
    case LeftReason::DisplayOnly: return "display-only: no automatic rewrite; see `forklift lint`";
    case LeftReason::InvalidEdits: return "the rule produced invalid edits: please report it";
    case LeftReason::NotConverged: return "still changing after the last round: run `forklift fix` again";
  }
  return "";
}

void FixSummary::add(const FixLoopResult& result) {
  for (const auto& [code, count] : result.applied) applied_[code] += count;
  for (const LeftFix& left : result.left) ++left_[{left.reason, left.code}];
  if (result.changed()) ++changed_files_;
  if (result.syntax_errors > 0) ++files_with_syntax_errors_;
}

int FixSummary::applied_total() const {
  int total = 0;
  for (const auto& [code, count] : applied_) total += count;
  return total;
}

std::string FixSummary::render(const std::function<std::string(std::string_view code)>& rule_name,
                               bool dry_run) const {
  std::string out;
  int applied = applied_total();
  if (applied == 0) {
    out += dry_run ? "No fixes would be applied.\n" : "No fixes applied.\n";
  } else {
    out += fmt::format("{} {} in {}:\n", dry_run ? "Would apply" : "Applied", plural(applied, "fix", "fixes"),
                       plural(changed_files_, "file", "files"));
    for (const auto& [code, count] : applied_) out += rule_line(code, count, rule_name(code), "");
  }
  if (!left_.empty()) {
    int left = 0;
    for (const auto& [key, count] : left_) left += count;
    out += fmt::format("{} left:\n", plural(left, "fix", "fixes"));
    for (const auto& [key, count] : left_) {
      out += rule_line(key.second, count, rule_name(key.second), left_reason_advice(key.first));
    }
  }
  if (files_with_syntax_errors_ > 0) {
    out += fmt::format("{} syntax errors and {} not fixed: fix the syntax first.\n",
                       files_with_syntax_errors_ == 1 ? "1 file has" : fmt::format("{} files have", files_with_syntax_errors_),
                       files_with_syntax_errors_ == 1 ? "was" : "were");
  }
  if (failed_files_ > 0) {
    out += fmt::format("{} could not be fixed (see the errors above).\n", plural(failed_files_, "file", "files"));
  }
  return out;
}

}  // namespace forklift
