// --output-format github: workflow commands that GitHub Actions shows as
// annotations on the pull request.
#include <fmt/format.h>

#include "cli/reporters/reporter.h"

namespace forklift::cli {
namespace {

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
std::string escape_data(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_property(std::string_view text) {
  std::string out;
  for (char c : escape_data(text)) {
    switch (c) {
      case ':': out += "%3A"; break;
      case ',': out += "%2C"; break;
      default: out += c;
    }
  }
  return out;
}

std::string_view command_for(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info:
    case Severity::Hint: return "notice";
  }
  return "warning";
}

}  // namespace

void report_github(const Report& report, std::string& out) {
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) {
      Position begin = file.source->position(diagnostic.begin);
      Position end = file.source->position(diagnostic.end);
      out += fmt::format("::{} title={},file={},line={},col={},endLine={},endColumn={}::{}\n",
                         command_for(diagnostic.severity), escape_property("forklift (" + diagnostic.code + ")"),
                         escape_property(file.source->path()), begin.line, begin.column, end.line, end.column,
                         escape_data(diagnostic.code + " " + diagnostic.message));
    }
  }
}

}  // namespace forklift::cli
