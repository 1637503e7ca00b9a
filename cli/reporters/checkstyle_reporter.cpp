// --output-format checkstyle: Checkstyle's XML, read by Jenkins and many review tools.
#include <fmt/format.h>

#include "cli/reporters/reporter.h"
#include "analyzer/lex/xml_escape.h"

namespace forklift::cli {
namespace {

// Checkstyle's levels: error, warning, info, ignore.
std::string_view checkstyle_severity(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info:
    case Severity::Hint: return "info";
  }
  return "warning";
}

}  // namespace

void report_checkstyle(const Report& report, std::string& out) {
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n";
  for (const FileFindings& file : report.files) {
    if (file.diagnostics.empty()) continue;
    out += fmt::format("  <file name=\"{}\">\n", xml_escape(file.source->path()));
    for (const Diagnostic& diagnostic : file.diagnostics) {
      Position at = file.source->position(diagnostic.begin);
      out += fmt::format("    <error line=\"{}\" column=\"{}\" severity=\"{}\" message=\"{}\" source=\"forklift.{}\"/>\n",
                         at.line, at.column, checkstyle_severity(diagnostic.severity), xml_escape(diagnostic.message),
                         xml_escape(diagnostic.code));
    }
    out += "  </file>\n";
  }
  out += "</checkstyle>\n";
}

}  // namespace forklift::cli
