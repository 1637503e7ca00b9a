#include "tests/packaging/installed_tree.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

namespace forklift::test {

namespace fs = std::filesystem;

bool have_tool(const std::string& tool) {
  if (installed(tool)) return true;
  skip_for_missing_tool(tool + " is not installed");
  return false;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void check_installed_binary(const fs::path& forklift, const fs::path& scratch) {
  RunResult version = run_program({forklift.string(), "--version"});
  CHECK(version.status == 0);
  CHECK(version.out.starts_with("forklift "));

  fs::path script = scratch / "count.sh";
  std::ofstream(script) << kForkHeavyScript;
  RunResult lint = run_program({forklift.string(), "lint", "--isolated", script.string()});
  CHECK(lint.status == 1);
  CHECK(lint.out.find("FL101") != std::string::npos);

  RunResult fix = run_program({forklift.string(), "fix", "--isolated", script.string()});
  CHECK(fix.status == 0);
  std::string fixed = read_text(script);
  CHECK(fixed.find("expr") == std::string::npos);
  CHECK(fixed.find("i=$((i + 1))") != std::string::npos);

  check_rule_links(forklift);
}

// Unless the build names a published copy, a rule's link is its page
// installed with the binary, which must be there.
void check_rule_links(const fs::path& forklift) {
  RunResult rules = run_program({forklift.string(), "rule", "--all", "--output-format", "json"});
  REQUIRE(rules.status == 0);
  nlohmann::json first = nlohmann::json::parse(rules.out).at(0);
  REQUIRE(first["code"] == "FL101");
  std::string published = FORKLIFT_RULE_DOCS_BASE_URL;
  if (!published.empty()) {
    CHECK(first["url"] == published + "/FL101.md");
    return;
  }
  fs::path page = (forklift.parent_path() / "../share/doc/forklift/rules/FL101.md").lexically_normal();
  CHECK(first["url"] == "file://" + page.string());
  CHECK(fs::is_regular_file(page));
}

}  // namespace forklift::test
