// FL201's fix on generated backtick bodies: every escape a body can hold
// (`\\`, `\$`, `` \` ``, `\"`, other backslashes, quotes, nested and escaped
// backticks, a `$` right before a backtick), unquoted, inside double quotes
// and nested one level. Each snippet runs before and after the fix under
// dash, bash, ksh93 and mksh: what it prints must not change.
#include <random>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "rule_golden_support.h"
#include "shell_runs.h"

namespace forklift::testing {
namespace {

// Pieces of the raw text between backticks, as written in the script.
constexpr const char* kPieces[] = {
    "a",          " ",         "\\\\z",        "\\$x",         "$x",       "\\`echo n\\`", "$\\`echo d\\`",
    "\\\"q\\\"",  "\"w x\"",   "'s\\$'",       "\\a",          "\\\\\\$",  "\\\\\\`",      "\\\\\\\\",
    "\"\\\\$x\"", "\\\n",      "${x}",         "$(echo p)",    "'\\`'",    "\\\\n",        "\"$\\`echo e\\`\"",
};

std::string generated_body(std::mt19937& random) {
  std::string body = "printf '<%s>' ";
  int pieces = std::uniform_int_distribution<int>(1, 6)(random);
  std::uniform_int_distribution<size_t> pick(0, std::size(kPieces) - 1);
  for (int i = 0; i < pieces; ++i) body += kPieces[pick(random)];
  if (std::uniform_int_distribution<int>(0, 7)(random) == 0) body += " #c";
  return body;
}

// The raw text that, inside one more level of backticks, unescapes to `body`.
std::string escaped_for_nesting(const std::string& body) {
  std::string out;
  for (char c : body) {
    if (c == '\\' || c == '`' || c == '$') out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::string> snippets_for(const std::string& body) {
  std::string nested = escaped_for_nesting(body);
  return {
      fmt::format("r=`{}`", body),
      fmt::format("r=\"`{}`\"", body),
      fmt::format("r=\"$`{}`\"", body),
      fmt::format("r=$`{}`", body),
      fmt::format("r=`printf '{{%s}}' \"\\`{}\\`\"`", nested),
      fmt::format("r=`printf '{{%s}}' $\\`{}\\``", nested),
  };
}

TEST_CASE("FL201 keeps what generated backtick bodies print", "[fl201][property]") {
  std::vector<std::string> shells = available_shells({"dash", "bash", "ksh", "mksh"});
  std::mt19937 random(201);
  int bodies = property_case_count(60);
  std::string original = "x='v  a*'\n";
  std::vector<std::string> cases;
  for (int i = 0; i < bodies; ++i) {
    for (const std::string& snippet : snippets_for(generated_body(random))) {
      original += fmt::format("echo '== {}'\n{}\nprintf '[%s]\\n' \"$r\"\n", cases.size(), snippet);
      cases.push_back(snippet);
    }
  }
  RuleRun run = run_rule("FL201", "property.sh", original, Dialect::Sh);
  REQUIRE(run.parse_error.empty());
  std::string fixed = apply_fixes(original, run.diagnostics, Applicability::Safe);
  REQUIRE(fixed != original);
  ScratchDir dir("fl201-property");
  check_same_cases(shells, dir.path(), original, fixed, cases);
}

}  // namespace
}  // namespace forklift::testing
