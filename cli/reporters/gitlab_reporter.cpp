// --output-format gitlab: GitLab's code quality report (a JSON array), with a
// fingerprint per finding that survives unrelated edits elsewhere in the file.
#include <cstdint>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/reporters/reporter.h"

namespace forklift::cli {
namespace {

std::string_view gitlab_severity(Severity severity) {
  switch (severity) {
    case Severity::Error: return "major";
    case Severity::Warning: return "minor";
    case Severity::Info:
    case Severity::Hint: return "info";
  }
  return "minor";
}

// FNV-1a: stable across runs and platforms, unlike std::hash.
uint64_t fnv1a(std::string_view text, uint64_t hash = 14695981039346656037ull) {
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Built from what the finding is about (file, code, message, the text of its
// line), not where it is, plus a counter to keep repeats apart.
std::string fingerprint(const SourceFile& file, const Diagnostic& diagnostic, std::map<uint64_t, int>& seen) {
  std::string_view line = trimmed(file.line_text(file.position(diagnostic.begin).line));
  uint64_t key = fnv1a(file.path());
  for (std::string_view part : {std::string_view(diagnostic.code), std::string_view(diagnostic.message), line}) {
    key = fnv1a(part, fnv1a(std::string_view("\0", 1), key));
  }
  int occurrence = seen[key]++;
  return fmt::format("{:016x}", fnv1a(std::to_string(occurrence), key));
}

nlohmann::ordered_json position_json(const SourceFile& file, uint32_t offset) {
  Position at = file.position(offset);
  return {{"line", at.line}, {"column", at.column}};
}

}  // namespace

void report_gitlab(const Report& report, std::string& out) {
  nlohmann::ordered_json issues = nlohmann::ordered_json::array();
  for (const FileFindings& file : report.files) {
    std::map<uint64_t, int> seen;
    for (const Diagnostic& diagnostic : file.diagnostics) {
      issues.push_back({{"description", diagnostic.code + ": " + diagnostic.message},
                        {"check_name", diagnostic.code},
                        {"fingerprint", fingerprint(*file.source, diagnostic, seen)},
                        {"severity", gitlab_severity(diagnostic.severity)},
                        {"location",
                         {{"path", file.source->path()},
                          {"positions",
                           {{"begin", position_json(*file.source, diagnostic.begin)},
                            {"end", position_json(*file.source, diagnostic.end)}}}}}});
    }
  }
  out += issues.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
}

}  // namespace forklift::cli
