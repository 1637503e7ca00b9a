// The sarif reporter's output checked against the SARIF 2.1.0 schema
// (sarif-schema-2.1.0.json): for every object kind we emit, its required
// properties, the properties it may have (the schema forbids others), and
// the enums and minimums that apply.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/reporters/reporter.h"

using namespace forklift;
using namespace forklift::cli;
using nlohmann::json;

namespace {

struct Kind {
  std::set<std::string> required;
  std::set<std::string> allowed;
};

const std::map<std::string, Kind>& schema() {
  static const std::map<std::string, Kind> kinds{
      {"sarifLog", {{"version", "runs"}, {"$schema", "version", "runs", "inlineExternalProperties", "properties"}}},
      {"run",
       {{"tool"},
        {"tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds", "artifacts",
         "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid", "redactionTokens",
         "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind", "externalPropertyFileReferences",
         "threadFlowLocations", "taxonomies", "addresses", "translations", "policies", "webRequests", "webResponses",
         "specialLocations", "properties"}}},
      {"tool", {{"driver"}, {"driver", "extensions", "properties"}}},
      {"toolComponent",
       {{"name"},
        {"guid", "name", "organization", "product", "productSuite", "shortDescription", "fullDescription", "fullName",
         "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc", "downloadUri", "informationUri",
         "globalMessageStrings", "notifications", "rules", "taxa", "locations", "language", "contents", "isComprehensive",
         "localizedDataSemanticVersion", "minimumRequiredLocalizedDataSemanticVersion", "associatedComponent",
         "translationMetadata", "supportedTaxonomies", "properties"}}},
      {"reportingDescriptor",
       {{"id"},
        {"id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames", "shortDescription", "fullDescription",
         "messageStrings", "defaultConfiguration", "helpUri", "help", "relationships", "properties"}}},
      {"reportingConfiguration", {{}, {"enabled", "level", "rank", "parameters", "properties"}}},
      {"multiformatMessageString", {{"text"}, {"text", "markdown", "properties"}}},
      {"result",
       {{"message"},
        {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
         "correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
         "graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments", "hostedViewerUri",
         "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties"}}},
      {"message", {{}, {"text", "markdown", "id", "arguments", "properties"}}},
      {"location", {{}, {"id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"}}},
      {"physicalLocation", {{}, {"address", "artifactLocation", "region", "contextRegion", "properties"}}},
      {"artifactLocation", {{}, {"uri", "uriBaseId", "index", "description", "properties"}}},
      {"region",
       {{},
        {"startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset", "byteLength",
         "snippet", "message", "sourceLanguage", "properties"}}},
      {"fix", {{"artifactChanges"}, {"description", "artifactChanges", "properties"}}},
      {"artifactChange", {{"artifactLocation", "replacements"}, {"artifactLocation", "replacements", "properties"}}},
      {"replacement", {{"deletedRegion"}, {"deletedRegion", "insertedContent", "properties"}}},
      {"artifactContent", {{}, {"text", "binary", "rendered", "properties"}}},
  };
  return kinds;
}

void check_object(const json& value, const std::string& kind, const std::string& where) {
  INFO(where << " (" << kind << ")");
  REQUIRE(value.is_object());
  const Kind& rules = schema().at(kind);
  for (const std::string& name : rules.required) CHECK(value.contains(name));
  for (const auto& [name, _] : value.items()) {
    INFO("property " << name);
    CHECK(rules.allowed.count(name) == 1);
  }
}

void check_region(const json& region, const std::string& where) {
  check_object(region, "region", where);
  for (const char* name : {"startLine", "startColumn", "endLine", "endColumn"}) {
    if (region.contains(name)) CHECK(region[name].get<int>() >= 1);
  }
}

void check_message(const json& message, const std::string& kind, const std::string& where) {
  check_object(message, kind, where);
  CHECK((message.contains("text") || message.contains("id")));
}

void check_result(const json& result, size_t rule_count, const std::string& where) {
  check_object(result, "result", where);
  check_message(result["message"], "message", where + ".message");
  static const std::set<std::string> levels{"none", "note", "warning", "error"};
  if (result.contains("level")) CHECK(levels.count(result["level"]) == 1);
  if (result.contains("ruleIndex")) CHECK(result["ruleIndex"].get<size_t>() < rule_count);
  for (const json& location : result.value("locations", json::array())) {
    check_object(location, "location", where + ".locations[]");
    const json& physical = location["physicalLocation"];
    check_object(physical, "physicalLocation", where + ".physicalLocation");
    CHECK((physical.contains("artifactLocation") || physical.contains("address")));
    check_object(physical["artifactLocation"], "artifactLocation", where + ".artifactLocation");
    check_region(physical["region"], where + ".region");
  }
  for (const json& fix : result.value("fixes", json::array())) {
    check_object(fix, "fix", where + ".fixes[]");
    if (fix.contains("description")) check_message(fix["description"], "message", where + ".fix.description");
    REQUIRE_FALSE(fix["artifactChanges"].empty());
    for (const json& change : fix["artifactChanges"]) {
      check_object(change, "artifactChange", where + ".artifactChanges[]");
      check_object(change["artifactLocation"], "artifactLocation", where + ".artifactChange.artifactLocation");
      REQUIRE_FALSE(change["replacements"].empty());
      for (const json& replacement : change["replacements"]) {
        check_object(replacement, "replacement", where + ".replacements[]");
        check_region(replacement["deletedRegion"], where + ".deletedRegion");
        if (replacement.contains("insertedContent")) check_object(replacement["insertedContent"], "artifactContent", where);
      }
    }
  }
}

void check_sarif(const json& log) {
  check_object(log, "sarifLog", "$");
  CHECK(log["version"] == "2.1.0");
  REQUIRE(log["runs"].is_array());
  for (const json& run : log["runs"]) {
    check_object(run, "run", "run");
    static const std::set<std::string> column_kinds{"utf16CodeUnits", "unicodeCodePoints"};
    if (run.contains("columnKind")) CHECK(column_kinds.count(run["columnKind"]) == 1);
    check_object(run["tool"], "tool", "tool");
    const json& driver = run["tool"]["driver"];
    check_object(driver, "toolComponent", "driver");
    const json& rules = driver.value("rules", json::array());
    for (const json& rule : rules) {
      check_object(rule, "reportingDescriptor", "rule");
      for (const char* text : {"shortDescription", "fullDescription", "help"}) {
        if (rule.contains(text)) check_message(rule[text], "multiformatMessageString", std::string("rule.") + text);
      }
      if (rule.contains("defaultConfiguration")) check_object(rule["defaultConfiguration"], "reportingConfiguration", "rule");
    }
    for (const json& result : run.value("results", json::array())) check_result(result, rules.size(), "result");
  }
}

}  // namespace

TEST_CASE("lint sarif: valid against the schema's structure") {
  SourceFile file{"dir/my script.sh", "x=`expr 1 + 1`\ny=é`expr 2`\nbad (\n"};
  Diagnostic expr{"FL101", Severity::Warning, 2, 14, "expr", std::nullopt, std::nullopt};
  expr.fix = Fix{Applicability::Safe, "Use $(( ))", "", {Edit{2, 14, "$((1 + 1))"}}};
  Diagnostic shown{"FL102", Severity::Info, 19, 27, "display only", std::nullopt, std::nullopt};
  shown.fix = Fix{Applicability::DisplayOnly, "Consider", "no faithful rewrite", {}};
  Diagnostic syntax{std::string(kSyntaxErrorCode), Severity::Error, 32, 33, "syntax error", std::nullopt, std::nullopt};
  Report report;
  report.files.push_back({&file, {expr, shown, syntax}});
  std::string out;
  report_sarif(report, out);
  json log = json::parse(out);
  check_sarif(log);

  const json& run = log["runs"][0];
  CHECK(run["tool"]["driver"]["rules"].size() == 3);
  const json& results = run["results"];
  REQUIRE(results.size() == 3);
  CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "dir/my%20script.sh");
  CHECK(results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "$((1 + 1))");
  CHECK_FALSE(results[1].contains("fixes"));
  // Columns count UTF-16 units: `é` is two bytes, one unit.
  CHECK(results[1]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 4);
  CHECK(results[2]["level"] == "error");
  CHECK(results[2]["ruleId"] == "syntax-error");
}

TEST_CASE("lint sarif: an empty run is valid") {
  std::string out;
  report_sarif(Report{}, out);
  json log = json::parse(out);
  check_sarif(log);
  CHECK(log["runs"][0]["results"].empty());
}
