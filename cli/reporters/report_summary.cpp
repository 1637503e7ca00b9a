#include "cli/reporters/report_summary.h"

#include <fmt/format.h>

namespace forklift::cli {
namespace {

std::string plural(size_t count, std::string_view noun) {
  return fmt::format("{} {}{}", count, noun, count == 1 ? "" : "s");
}

}  // namespace

bool is_applicable(const Fix& fix, bool unsafe_fixes) {
  return fix.applicability == Applicability::Safe || (unsafe_fixes && fix.applicability == Applicability::Unsafe);
}

std::string summary_text(const Report& report) {
  size_t findings = 0, files = 0, fixable = 0, unsafe_only = 0;
  for (const FileFindings& file : report.files) {
    findings += file.diagnostics.size();
    files += file.diagnostics.empty() ? 0 : 1;
    for (const Diagnostic& diagnostic : file.diagnostics) {
      if (!diagnostic.fix) continue;
      if (is_applicable(*diagnostic.fix, report.unsafe_fixes)) {
        ++fixable;
      } else if (diagnostic.fix->applicability == Applicability::Unsafe) {
        ++unsafe_only;
      }
    }
  }
  if (findings == 0) return "All checks passed!\n";
  std::string out = fmt::format("Found {} in {}.\n", plural(findings, "finding"), plural(files, "file"));
  std::string fix_command = report.unsafe_fixes ? "forklift fix --unsafe-fixes" : "forklift fix";
  if (fixable > 0) out += fmt::format("[*] {} fixable with `{}`.\n", fixable, fix_command);
  if (unsafe_only > 0) {
    out += fmt::format("{} more fixable with `forklift fix --unsafe-fixes`.\n", unsafe_only);
  }
  return out;
}

}  // namespace forklift::cli
