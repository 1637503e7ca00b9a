// --output-format json: one array of every finding (Ruff's shape).
#include "cli/reporters/diagnostic_json.h"
#include "cli/reporters/reporter.h"

namespace forklift::cli {

void report_json(const Report& report, std::string& out) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) all.push_back(diagnostic_json(*file.source, diagnostic));
  }
  out += all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
}

}  // namespace forklift::cli
