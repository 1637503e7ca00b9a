// --output-format json-lines: one JSON object per line and finding, for streaming tools.
#include "cli/reporters/diagnostic_json.h"
#include "cli/reporters/reporter.h"

namespace forklift::cli {

void report_json_lines(const Report& report, std::string& out) {
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) {
      out += diagnostic_json(*file.source, diagnostic).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      out += '\n';
    }
  }
}

}  // namespace forklift::cli
