// --output-format concise: one line per finding, then the summary.
#include <fmt/format.h>

#include "cli/reporters/report_summary.h"
#include "cli/reporters/reporter.h"

namespace forklift::cli {

void report_concise(const Report& report, std::string& out) {
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) {
      Position at = file.source->position(diagnostic.begin);
      bool fixable = diagnostic.fix && is_applicable(*diagnostic.fix, report.unsafe_fixes);
      out += fmt::format("{}:{}:{}: {}{} {}\n", file.source->path(), at.line, at.column, diagnostic.code,
                         fixable ? " [*]" : "", diagnostic.message);
    }
  }
  out += summary_text(report);
}

}  // namespace forklift::cli
