// The GitHub Action and the GitLab template, run step by step on this machine
// (tests/packaging/ci_runner.py) with the built forklift on PATH.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/packaging/installed_tree.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

namespace {

struct CiRun {
  int status;
  std::string log;          // what the steps printed
  nlohmann::json summary;   // the runner's last line
};

CiRun run_template(const std::string& kind, const std::string& file, const fs::path& workdir,
                   const std::vector<std::string>& settings) {
  std::vector<std::string> command{"python3", FORKLIFT_SOURCE_DIR "/tests/packaging/ci_runner.py", kind,
                                   FORKLIFT_SOURCE_DIR "/" + file, workdir.string()};
  command.insert(command.end(), settings.begin(), settings.end());
  std::string path = fs::path(FORKLIFT_BINARY).parent_path().string() + ":" + std::getenv("PATH");
  RunResult run = run_program(command, "", "", {{"PATH", path}});
  INFO(run.out << run.err);
  size_t last_line = run.out.rfind('\n', run.out.size() - 2);
  std::string summary = run.out.substr(last_line == std::string::npos ? 0 : last_line + 1);
  REQUIRE(nlohmann::json::accept(summary));
  return {run.status, run.out.substr(0, run.out.size() - summary.size()), nlohmann::json::parse(summary)};
}

void write_scripts(const fs::path& dir) {
  std::ofstream(dir / "count.sh") << kForkHeavyScript;
  std::ofstream(dir / "clean.sh") << "#!/bin/sh\necho \"$((1 + 2))\"\n";
}

}  // namespace

TEST_CASE("the GitHub Action writes SARIF for code scanning and fails on findings", "[packaging][ci][github]") {
  if (!have_tool("python3")) return;
  ScratchDir work("action");
  write_scripts(work.dir());
  CiRun run = run_template("github", "action.yml", work.dir(), {});
  INFO(run.log << run.summary.dump(2));
  CHECK(run.status == 1);
  const auto& steps = run.summary["steps"];
  REQUIRE(steps.size() == 4);
  CHECK(steps[0]["status"] == 0);  // forklift was already on PATH
  CHECK(steps[1]["status"] == 0);
  CHECK(steps[2]["uses"].get<std::string>().starts_with("github/codeql-action/upload-sarif@"));
  CHECK(steps[3]["status"] == 1);
  CHECK(run.summary["outputs"]["findings"] == "true");

  std::ifstream sarif_file(work.dir() / "forklift.sarif");
  nlohmann::json sarif = nlohmann::json::parse(sarif_file);
  CHECK(sarif["version"] == "2.1.0");
  const auto& results = sarif["runs"][0]["results"];
  REQUIRE(results.size() >= 1);
  CHECK(results[0]["ruleId"] == "FL101");
  CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].get<std::string>().ends_with("count.sh"));
}

TEST_CASE("the GitHub Action annotates with output-format github and can pass on findings", "[packaging][ci][github]") {
  if (!have_tool("python3")) return;
  ScratchDir work("action-annotations");
  write_scripts(work.dir());
  CiRun run = run_template("github", "action.yml", work.dir(),
                           {"output-format=github", "fail-on-findings=false", "args=--select FL1"});
  INFO(run.log << run.summary.dump(2));
  CHECK(run.status == 0);
  CHECK(run.log.find("::warning") != std::string::npos);
  CHECK(run.log.find("count.sh") != std::string::npos);
  CHECK(run.summary["steps"][2]["ran"] == false);
  CHECK(run.summary["outputs"]["findings"] == "true");
  CHECK_FALSE(fs::exists(work.dir() / "forklift.sarif"));
}

TEST_CASE("the GitLab template writes a Code Quality report", "[packaging][ci][gitlab]") {
  if (!have_tool("python3")) return;
  ScratchDir work("gitlab");
  write_scripts(work.dir());
  CiRun run = run_template("gitlab", "ci/forklift.gitlab-ci.yml", work.dir(), {});
  INFO(run.log << run.summary.dump(2));
  CHECK(run.status == 0);
  std::ifstream report_file(run.summary["codequality"].get<std::string>());
  nlohmann::json report = nlohmann::json::parse(report_file);
  REQUIRE(report.is_array());
  REQUIRE(report.size() >= 1);
  CHECK(report[0]["check_name"] == "FL101");
  CHECK(report[0]["location"]["path"].get<std::string>().ends_with("count.sh"));
  CHECK(report[0].contains("fingerprint"));
}
