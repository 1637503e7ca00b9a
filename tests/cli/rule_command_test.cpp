// `forklift rule`, the rule links in SARIF, the man pages, the completions
// and the one-line-per-subcommand top-level help.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "rules/rule.h"
#include "lsp/rule_docs_location.h"
#include "lsp/uri.h"
#include "tests/support/run_forklift.h"
#include "tests/support/scratch_dir.h"

using forklift::test::run_forklift;

TEST_CASE("rule --all lists every rule with its fix safety and ShellCheck code", "[cli][rule]") {
  auto table = run_forklift({"rule", "--all"});
  CHECK(table.status == 0);
  CHECK(table.out.starts_with("CODE "));
  for (const forklift::Rule* rule : forklift::all_rules()) {
    CHECK(table.out.find(std::string(rule->info().code) + "  " + std::string(rule->info().name)) != std::string::npos);
  }
  CHECK(table.out.find("FL101  expr-arithmetic") != std::string::npos);
  CHECK(table.out.find("SC2003") != std::string::npos);

  auto json = run_forklift({"rule", "--all", "--output-format", "json"});
  CHECK(json.status == 0);
  auto list = nlohmann::json::parse(json.out);
  REQUIRE(list.size() == forklift::all_rules().size());
  std::set<std::string> fixes;
  for (const auto& rule : list) {
    for (const char* key : {"code", "name", "summary", "severity", "fix", "shellcheck", "url", "docs"}) {
      CHECK(rule.contains(key));
    }
    fixes.insert(rule["fix"].get<std::string>());
    std::string url = rule["url"].is_null() ? "" : rule["url"].get<std::string>();
    CHECK(url == forklift::lsp::default_docs_url(rule["code"].get<std::string>()));
  }
  CHECK(fixes == std::set<std::string>{"none", "safe", "sometimes safe", "unsafe"});
  CHECK(list[0]["code"] == "FL101");
  CHECK(list[0]["shellcheck"] == "SC2003");
}

TEST_CASE("from its build folder, forklift links each rule to the checkout's page", "[cli][rule]") {
  auto json = run_forklift({"rule", "--all", "--output-format", "json"});
  REQUIRE(json.status == 0);
  for (const auto& rule : nlohmann::json::parse(json.out)) {
    std::string page = std::string(FORKLIFT_SOURCE_DIR) + "/docs/rules/" + rule["code"].get<std::string>() + ".md";
    CHECK(std::filesystem::exists(page));
    CHECK(rule["url"] == forklift::lsp::uri_from_path(page));
  }
}

TEST_CASE("rule CODE prints the page lint --explain prints; unknown codes are usage errors", "[cli][rule]") {
  auto page = run_forklift({"rule", "FL101"});
  CHECK(page.status == 0);
  CHECK(page.out.starts_with("# expr-arithmetic (FL101)\n"));
  CHECK(page.out.find("Fix: sometimes safe") != std::string::npos);
  CHECK(page.out == run_forklift({"lint", "--explain", "FL101"}).out);
  CHECK(nlohmann::json::parse(run_forklift({"rule", "FL405", "--output-format", "json"}).out)["fix"] == "none");

  auto unknown = run_forklift({"rule", "FL999"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("unknown rule `FL999`") != std::string::npos);
  CHECK(run_forklift({"rule"}).status == 2);
}

TEST_CASE("SARIF links each rule to its reference page", "[cli][rule][sarif]") {
  auto sarif = run_forklift({"lint", "--isolated", "--output-format", "sarif", "--stdin-filename", "a.sh", "-"},
                            "#!/bin/sh\ni=`expr 1 + 2`\n");
  auto rules = nlohmann::json::parse(sarif.out)["runs"][0]["tool"]["driver"]["rules"];
  REQUIRE_FALSE(rules.empty());
  for (const auto& rule : rules) {
    CHECK(rule.value("helpUri", "") == forklift::lsp::default_docs_url(rule["id"].get<std::string>()));
  }
}

TEST_CASE("the top-level help has one line per subcommand; the long text stays with the subcommand",
          "[cli][help]") {
  auto help = run_forklift({"--help"});
  CHECK(help.status == 0);
  std::istringstream lines(help.out);
  bool in_subcommands = false;
  int listed = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("Subcommands:")) {
      in_subcommands = true;
    } else if (in_subcommands && !line.empty()) {
      INFO(line);
      CHECK(line.starts_with("  "));
      CHECK(line.size() < 110);
      ++listed;
    }
  }
  CHECK(listed >= 9);
  CHECK(help.out.find("\n  man ") == std::string::npos);  // hidden
  CHECK(run_forklift({"verify", "--help"}).out.find("Exit status: 0") != std::string::npos);
}

TEST_CASE("man pages and completion scripts come from the command definitions", "[cli][man][completions]") {
  auto lint_page = run_forklift({"man", "lint"});
  CHECK(lint_page.status == 0);
  CHECK(lint_page.out.starts_with(".TH FORKLIFT-LINT 1"));
  CHECK(lint_page.out.find("\\fB\\-\\-select\\fR") != std::string::npos);
  CHECK(run_forklift({"man", "nosuch"}).status == 2);

  for (const char* shell : {"bash", "zsh", "fish"}) {
    auto script = run_forklift({"completions", shell});
    CHECK(script.status == 0);
    CHECK(script.out.find("extend-select") != std::string::npos);
    CHECK(script.out.find("FL405") != std::string::npos);
    CHECK(script.out.find("text json") != std::string::npos);  // --output-format's choices
  }
  auto unknown = run_forklift({"completions", "tcsh"});
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("tcsh") != std::string::npos);
}

TEST_CASE("rule --write-docs and man --output-dir name the file they cannot write and leave no partial file",
          "[cli][rule][man]") {
  forklift::test::ScratchDir docs("rule-docs");
  std::filesystem::create_directories(docs.dir() / "FL101.md");
  auto rule = run_forklift({"rule", "--write-docs", docs.path()});
  CHECK(rule.status != 0);
  CHECK(rule.err.find(docs / "FL101.md") != std::string::npos);
  CHECK(rule.err.find("Is a directory") != std::string::npos);

  forklift::test::ScratchDir pages("man-pages");
  std::filesystem::create_directories(pages.dir() / "forklift.1");
  auto man = run_forklift({"man", "--output-dir", pages.path()});
  CHECK(man.status != 0);
  CHECK(man.err.find(pages / "forklift.1") != std::string::npos);

  for (const auto* dir : {&docs, &pages}) {
    for (const auto& entry : std::filesystem::directory_iterator(dir->dir())) {
      CHECK_FALSE(entry.path().filename().string().starts_with("."));
    }
  }
}

TEST_CASE("bash completes each subcommand's operand from its definition", "[cli][completions]") {
  forklift::test::ScratchDir dir("completions");
  std::string script = dir.write("forklift.bash", run_forklift({"completions", "bash"}).out);
  auto complete = [&](const std::string& words) {
    std::string program = "source " + script + "; COMP_WORDS=(" + words +
                          "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _forklift; echo \"${COMPREPLY[*]}\"";
    return forklift::test::run_program({"bash", "-c", program}).out;
  };
  CHECK(complete("forklift rule FL10") == "FL101 FL102 FL103 FL104 FL105 FL106 FL107\n");
  CHECK(complete("forklift completions z") == "zsh\n");
  CHECK(complete("forklift lint --select FL40") == "FL401 FL402 FL403 FL404 FL405 FL406\n");
  CHECK(complete("forklift rule --output-format j") == "json\n");
  CHECK(complete("forklift lint sam") == "\n");  // files: left to bash's default completion
}
