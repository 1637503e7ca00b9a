#include "cli/reporters/reporter.h"

#include <utility>

namespace forklift::cli {
namespace {

const std::vector<std::pair<std::string_view, Reporter>>& registry() {
  static const std::vector<std::pair<std::string_view, Reporter>> reporters{
      {"full", report_full},       {"concise", report_concise},       {"json", report_json},
      {"json-lines", report_json_lines}, {"sarif", report_sarif},     {"github", report_github},
      {"gitlab", report_gitlab},   {"checkstyle", report_checkstyle}, {"gcc", report_gcc},
      {"junit", report_junit},
  };
  return reporters;
}

}  // namespace

std::string_view error_warning_note(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info:
    case Severity::Hint: return "note";
  }
  return "warning";
}

std::optional<Reporter> find_reporter(std::string_view format) {
  for (const auto& [name, reporter] : registry()) {
    if (name == format) return reporter;
  }
  return std::nullopt;
}

const std::vector<std::string_view>& reporter_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& entry : registry()) out.push_back(entry.first);
    return out;
  }();
  return names;
}

}  // namespace forklift::cli
