// --output-format junit: one test suite per file and one failing test case per
// finding; a file without findings is one passing case, so CI dashboards count it.
#include <algorithm>

#include <fmt/format.h>

#include "cli/reporters/reporter.h"
#include "analyzer/lex/xml_escape.h"

namespace forklift::cli {
namespace {

void write_suite(const FileFindings& file, std::string& out) {
  std::string path = xml_escape(file.source->path());
  size_t failures = file.diagnostics.size();
  out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", path,
                     std::max<size_t>(failures, 1), failures);
  if (file.diagnostics.empty()) out += fmt::format("    <testcase name=\"forklift\" classname=\"{}\"/>\n", path);
  for (const Diagnostic& diagnostic : file.diagnostics) {
    Position at = file.source->position(diagnostic.begin);
    std::string message = xml_escape(diagnostic.message);
    out += fmt::format("    <testcase name=\"{}:{}:{}\" classname=\"{}\">\n", xml_escape(diagnostic.code), at.line,
                       at.column, path);
    out += fmt::format("      <failure message=\"{}\">{}:{}:{}: {}</failure>\n", message, path, at.line, at.column,
                       message);
    out += "    </testcase>\n";
  }
  out += "  </testsuite>\n";
}

}  // namespace

void report_junit(const Report& report, std::string& out) {
  size_t tests = 0, failures = 0;
  for (const FileFindings& file : report.files) {
    tests += std::max<size_t>(file.diagnostics.size(), 1);
    failures += file.diagnostics.size();
  }
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"forklift\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n", tests, failures);
  for (const FileFindings& file : report.files) write_suite(file, out);
  out += "</testsuites>\n";
}

}  // namespace forklift::cli
