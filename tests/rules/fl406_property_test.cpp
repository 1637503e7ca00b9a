// FL406's fix on generated here-documents: bodies of quotes, backslashes
// before every character a here-document or double quotes treat apart,
// parameters, `$( )`, backticks and tabs, printed by `cat <<EOF`,
// `cat <<'EOF'`, `cat <<-EOF` and `cat <<EOF >&2` with values that hold
// newlines, a leading `-`, backslashes, glob characters, `/`, `&` and UTF-8.
// Each snippet runs before and after the fix under dash, bash, ksh93 and
// mksh: what it prints must not change.
#include <random>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "rule_golden_support.h"
#include "shell_runs.h"

namespace forklift::testing {
namespace {

// Pieces of a body line, as written in the script.
constexpr const char* kPieces[] = {
    "a",   " ",      "\"",     "\\\"",   "\\$x",     "$x",      "${x}",          "\\\\",   "\\a",
    "'",   "$ ",     "&",      "*",      "\xc3\xa9", "-n",      "$(printf '<%s>' \"$x\")", "`echo b`", "\\`",
    "\t",  "\\n",    "$1",     "${1}",   "%s",       "\\\\\"",  "$(echo \"q\")",
};

// Values of `$x` and `$1`: empty, newlines, a leading `-`, backslashes,
// glob characters, `/`, a trailing `/`, `&`, UTF-8.
constexpr const char* kValues[] = {"", "v", "a\nb", "-n", "-e \\t", "back\\slash\\", "*.c [x]", "/a/b/", "&", "\xc3\xa9t\xc3\xa9", "\n"};

std::string generated_body(std::mt19937& random) {
  std::string body;
  int lines = std::uniform_int_distribution<int>(0, 3)(random);
  std::uniform_int_distribution<size_t> pick(0, std::size(kPieces) - 1);
  for (int line = 0; line < lines; ++line) {
    if (std::uniform_int_distribution<int>(0, 2)(random) == 0) body += "\t";
    int pieces = std::uniform_int_distribution<int>(0, 5)(random);
    for (int i = 0; i < pieces; ++i) body += kPieces[pick(random)];
    body += "\n";
  }
  return body;
}

std::string single_quoted(std::string_view value) {
  std::string out = "'";
  for (char c : value) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::vector<std::string> snippets_for(const std::string& body) {
  return {
      fmt::format("cat <<EOF\n{}EOF\n", body),
      fmt::format("cat <<'EOF'\n{}EOF\n", body),
      fmt::format("cat <<-EOF\n{}\tEOF\n", body),
      fmt::format("{{\ncat <<\"EOF\" >&2\n{}EOF\n}} 2>&1\n", body),
      fmt::format("{{\ncat <<EOF >&2\n{}EOF\n}} 2>&1\n", body),
  };
}

TEST_CASE("FL406 keeps what generated here-documents print", "[fl406][property]") {
  std::vector<std::string> shells = available_shells({"dash", "bash", "ksh", "mksh"});
  std::mt19937 random(406);
  int bodies = property_case_count(40);
  std::uniform_int_distribution<size_t> pick_value(0, std::size(kValues) - 1);
  std::string original;
  std::vector<std::string> cases;
  for (int i = 0; i < bodies; ++i) {
    std::string body = generated_body(random);
    std::string values = fmt::format("x={}; set -- {}\n", single_quoted(kValues[pick_value(random)]),
                                     single_quoted(kValues[pick_value(random)]));
    for (const std::string& snippet : snippets_for(body)) {
      original += fmt::format("echo '== {}'\n{}{}echo '|'\n", cases.size(), values, snippet);
      cases.push_back(values + snippet);
    }
  }
  RuleRun run = run_rule("FL406", "property.sh", original, Dialect::Sh);
  REQUIRE(run.parse_error.empty());
  std::string fixed = apply_fixes(original, run.diagnostics, Applicability::Safe);
  REQUIRE(fixed != original);
  ScratchDir dir("fl406-property");
  check_same_cases(shells, dir.path(), original, fixed, cases);
}

}  // namespace
}  // namespace forklift::testing
