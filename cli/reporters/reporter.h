// Reporters: one output format of `forklift lint` each, one file each.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift::cli {

// The code syntax errors are reported under: they are findings like any
// other, but no rule produces them and they cannot be selected away.
inline constexpr std::string_view kSyntaxErrorCode = "syntax-error";

struct FileFindings {
  const SourceFile* source = nullptr;  // never null
  std::vector<Diagnostic> diagnostics;  // sorted by position
};

struct Report {
  std::vector<FileFindings> files;  // in input order, including files without findings
  bool color = false;               // ANSI colours (the full format only)
  bool unsafe_fixes = false;        // count unsafe fixes as fixable in summaries
};

using Reporter = std::function<void(const Report& report, std::string& out)>;

// "error", "warning" or "note" (info and hint): the levels of GCC and SARIF.
std::string_view error_warning_note(Severity severity);

// nullopt for an unknown format name.
std::optional<Reporter> find_reporter(std::string_view format);
const std::vector<std::string_view>& reporter_names();

void report_full(const Report& report, std::string& out);
void report_concise(const Report& report, std::string& out);
void report_json(const Report& report, std::string& out);
void report_json_lines(const Report& report, std::string& out);
void report_sarif(const Report& report, std::string& out);
void report_github(const Report& report, std::string& out);
void report_gitlab(const Report& report, std::string& out);
void report_checkstyle(const Report& report, std::string& out);
void report_gcc(const Report& report, std::string& out);
void report_junit(const Report& report, std::string& out);

}  // namespace forklift::cli
