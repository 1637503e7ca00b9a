// --output-format sarif: SARIF 2.1.0, the format GitHub code scanning uploads.
// A file below the working directory is named by a relative reference under
// the base %SRCROOT% (the working directory, declared in the run); any other
// by an absolute file:// URI without a base, as SARIF requires (SARIF1004).
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/reporters/reporter.h"
#include "lsp/rule_docs_location.h"
#include "rules/rule.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr const char* kSourceRoot = "%SRCROOT%";

// A URI path: '/'-separated, everything outside RFC 3986's unreserved
// characters percent-encoded (spaces, non-ASCII bytes, '%', '#', '?').
std::string percent_encoded(std::string_view path) {
  std::string out;
  for (char c : path) {
    auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x80 && std::isalnum(byte)) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      out += c;
    } else {
      out += fmt::format("%{:02X}", byte);
    }
  }
  return out;
}

std::string file_uri(const fs::path& absolute) { return "file://" + percent_encoded(absolute.generic_string()); }

// %SRCROOT%'s value: the working directory, ending in '/' as a base must.
std::string source_root_uri() {
  std::error_code ignored;
  std::string root = file_uri(fs::current_path(ignored));
  return root.ends_with('/') ? root : root + "/";
}

Json artifact_location(std::string_view path) {
  fs::path given(path);
  fs::path relative = given.lexically_normal();
  if (given.is_relative() && !relative.empty() && *relative.begin() != "..") {
    return {{"uri", percent_encoded(relative.generic_string())}, {"uriBaseId", kSourceRoot}};
  }
  std::error_code ignored;
  return {{"uri", file_uri(fs::absolute(given, ignored).lexically_normal())}};
}

Json region(const SourceFile& file, uint32_t begin, uint32_t end) {
  Position from = file.position(begin);
  Position to = file.position(end);
  return {{"startLine", from.line}, {"startColumn", from.utf16_column}, {"endLine", to.line}, {"endColumn", to.utf16_column}};
}

Json rule_descriptor(std::string_view code) {
  if (const Rule* rule = find_rule(code)) {
    const RuleInfo& info = rule->info();
    Json descriptor = {{"id", code},
                       {"name", info.name},
                       {"shortDescription", {{"text", info.summary}}},
                       {"help", {{"text", info.docs}, {"markdown", info.docs}}},
                       {"defaultConfiguration", {{"level", error_warning_note(info.default_severity)}}}};
    // SARIF wants an absolute URI or nothing; the help text is there either way.
    if (std::string url = lsp::default_docs_url(code); !url.empty()) descriptor["helpUri"] = url;
    return descriptor;
  }
  return {{"id", code}, {"shortDescription", {{"text", code == kSyntaxErrorCode ? "The script does not parse" : code}}}};
}

Json fix_json(const SourceFile& file, const Fix& fix) {
  Json replacements = Json::array();
  for (const Edit& edit : fix.edits) {
    replacements.push_back({{"deletedRegion", region(file, edit.begin, edit.end)},
                            {"insertedContent", {{"text", edit.replacement}}}});
  }
  std::string description = fmt::format("{} ({})", fix.title, applicability_name(fix.applicability));
  return {{"description", {{"text", description}}},
          {"artifactChanges", Json::array({{{"artifactLocation", artifact_location(file.path())},
                                            {"replacements", std::move(replacements)}}})}};
}

Json result_json(const SourceFile& file, const Diagnostic& diagnostic, size_t rule_index) {
  Json result = {{"ruleId", diagnostic.code},
                 {"ruleIndex", rule_index},
                 {"level", error_warning_note(diagnostic.severity)},
                 {"message", {{"text", diagnostic.message}}},
                 {"locations",
                  Json::array({{{"physicalLocation",
                                 {{"artifactLocation", artifact_location(file.path())},
                                  {"region", region(file, diagnostic.begin, diagnostic.end)}}}}})}};
  if (diagnostic.fix && !diagnostic.fix->edits.empty() && diagnostic.fix->applicability != Applicability::DisplayOnly) {
    result["fixes"] = Json::array({fix_json(file, *diagnostic.fix)});
  }
  return result;
}

}  // namespace

void report_sarif(const Report& report, std::string& out) {
  std::set<std::string> codes;
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) codes.insert(diagnostic.code);
  }
  Json rules = Json::array();
  std::map<std::string, size_t> rule_index;
  for (const std::string& code : codes) {
    rule_index[code] = rules.size();
    rules.push_back(rule_descriptor(code));
  }
  Json results = Json::array();
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) {
      results.push_back(result_json(*file.source, diagnostic, rule_index[diagnostic.code]));
    }
  }
  Json driver = {{"name", "forklift"},
                 {"version", FORKLIFT_VERSION},
                 {"rules", std::move(rules)}};
  Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({{{"tool", {{"driver", std::move(driver)}}},
                                     {"originalUriBaseIds", {{kSourceRoot, {{"uri", source_root_uri()}}}}},
                                     {"columnKind", "utf16CodeUnits"},
                                     {"results", std::move(results)}}})}};
  out += log.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
}

}  // namespace forklift::cli
