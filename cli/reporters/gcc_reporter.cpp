// --output-format gcc: `FILE:LINE:COL: SEVERITY: MESSAGE [CODE]`, which editors
// and Emacs' compilation mode already parse.
#include <fmt/format.h>

#include "cli/reporters/reporter.h"

namespace forklift::cli {

void report_gcc(const Report& report, std::string& out) {
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) {
      Position at = file.source->position(diagnostic.begin);
      out += fmt::format("{}:{}:{}: {}: {} [{}]\n", file.source->path(), at.line, at.column,
                         error_warning_note(diagnostic.severity), diagnostic.message, diagnostic.code);
    }
  }
}

}  // namespace forklift::cli
