// `forklift lint --output-format sarif` checked by Microsoft's own validator
// (`Sarif.Multitool validate`, npm @microsoft/sarif-multitool, pinned in
// package-lock.json): relative and absolute paths, spaces and non-ASCII
// characters in names, findings with fixes. No validator error is allowed.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/rewriter/temp_dir.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

namespace {

// Every finding below has a fix: `expr` arithmetic and backticks.
constexpr const char* kScript = "x=`expr 1 + 2`\necho \"$x\"\n";

std::string multitool() {
  if (const char* given = std::getenv("FORKLIFT_SARIF_MULTITOOL")) return given;
  return std::string(FORKLIFT_SOURCE_DIR) + "/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
}

bool have_multitool() {
  if (::access(multitool().c_str(), X_OK) == 0) return true;
  if (std::getenv("FORKLIFT_REQUIRE_TOOLS") != nullptr) {
    FAIL("the SARIF validator is missing: " << multitool() << " (scripts/bootstrap.sh installs it)");
  }
  WARN("the SARIF validator is missing (" << multitool() << "): skipped; scripts/bootstrap.sh installs it");
  return false;
}

// The validator's findings of level error on `sarif`, one line each.
std::vector<std::string> validator_errors(const TempDir& dir, const std::string& sarif) {
  std::string log = dir.path() + "/log.sarif", checked = dir.path() + "/validation.sarif";
  std::ofstream(log, std::ios::binary) << sarif;
  fs::remove(checked);  // the validator refuses to overwrite its output
  RunResult r = run_program({multitool(), "validate", log, "--output", checked}, "", dir.path(),
                            {{"DOTNET_CLI_TELEMETRY_OPTOUT", "1"}});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  std::ifstream in(checked);
  nlohmann::json validation = nlohmann::json::parse(in);
  std::vector<std::string> errors;
  for (const auto& result : validation["runs"][0].value("results", nlohmann::json::array())) {
    if (result.value("level", "warning") == "error") errors.push_back(result.dump());
  }
  return errors;
}

std::string lint_sarif(const std::vector<std::string>& paths, const std::string& cwd) {
  std::vector<std::string> args{"lint", "--isolated", "--output-format", "sarif"};
  args.insert(args.end(), paths.begin(), paths.end());
  RunResult r = run_forklift(args, "", cwd);
  INFO(r.err);
  REQUIRE(r.status == 1);
  return r.out;
}

}  // namespace

TEST_CASE("sarif validator: no error for relative, absolute, spaced and non-ASCII paths with fixes") {
  if (!have_multitool()) return;
  TempDir dir;
  fs::create_directories(dir.path() + "/sub dir");
  for (const char* name : {"plain.sh", "sub dir/a b é.sh", "sub dir/100%#?.sh"}) {
    std::ofstream(dir.path() + "/" + name) << kScript;
  }
  std::vector<std::vector<std::string>> cases = {
      {"plain.sh", "sub dir/a b é.sh", "./sub dir/100%#?.sh"},
      {dir.path() + "/plain.sh", dir.path() + "/sub dir/a b é.sh"},
      {"../" + fs::path(dir.path()).filename().string() + "/plain.sh"},
  };
  for (const std::vector<std::string>& paths : cases) {
    INFO(paths.front());
    std::string sarif = lint_sarif(paths, dir.path());
    CHECK(sarif.find("\"fixes\"") != std::string::npos);
    std::vector<std::string> errors = validator_errors(dir, sarif);
    INFO(sarif);
    CHECK(errors == std::vector<std::string>{});
  }
}

TEST_CASE("sarif validator: an absolute path is an absolute file URI without a base, a relative one is under %SRCROOT%") {
  TempDir dir;
  std::ofstream(dir.path() + "/a b.sh") << kScript;
  nlohmann::json relative = nlohmann::json::parse(lint_sarif({"a b.sh"}, dir.path()));
  const auto& run = relative["runs"][0];
  auto location = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(location["uri"] == "a%20b.sh");
  CHECK(location["uriBaseId"] == "%SRCROOT%");
  std::string root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"];
  CHECK(root.starts_with("file:///"));
  CHECK(root.ends_with("/"));
  nlohmann::json absolute = nlohmann::json::parse(lint_sarif({dir.path() + "/a b.sh"}, dir.path()));
  location = absolute["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(location["uri"] == "file://" + dir.path() + "/a%20b.sh");
  CHECK_FALSE(location.contains("uriBaseId"));
}
