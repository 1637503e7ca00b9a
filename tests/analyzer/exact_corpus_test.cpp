// Parses the shell scripts installed on this machine and, when
// FORKLIFT_KSH93_TESTS names the folder of ksh93u+m's regression suite, the
// suite's files: none may crash, the trees of those that parse keep the span
// rules, and a script that its own shell accepts (`ksh93 -n`, `bash -n`,
// `dash -n`, `mksh -n`, by dialect) must parse.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "analyzer/ast_shape.h"
#include "analyzer/exact_parser.h"
#include "tests/analyzer/exact_test_support.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

namespace forklift {
namespace {

namespace fs = std::filesystem;

bool looks_like_shell_script(const fs::path& path) {
  if (path.extension() == ".sh" || path.extension() == ".bash" || path.extension() == ".ksh") return true;
  std::ifstream in(path, std::ios::binary);
  char head[2] = {};
  in.read(head, 2);
  if (head[0] != '#' || head[1] != '!') return false;
  std::string line;
  std::getline(in, line);
  return line.find("sh") != std::string::npos && line.find("python") == std::string::npos &&
         line.find("perl") == std::string::npos;
}

struct Script {
  fs::path path;
  std::optional<Dialect> dialect;  // forced (the suite is ksh), else detected
};

std::vector<Script> system_scripts() {
  std::vector<Script> out;
  std::error_code ec;
  for (const char* dir : {"/usr/bin", "/usr/sbin", "/usr/share", "/etc", "/usr/lib/git-core"}) {
    auto options = fs::directory_options::skip_permission_denied;
    for (fs::recursive_directory_iterator it(dir, options, ec), end; it != end; it.increment(ec)) {
      if (ec) break;
      if (it.depth() > 6) it.disable_recursion_pending();
      if (!it->is_regular_file(ec) || it->file_size(ec) > (4u << 20)) continue;
      if (looks_like_shell_script(it->path())) out.push_back({it->path(), std::nullopt});
    }
  }
  return out;
}

std::vector<Script> ksh93_suite_scripts() {
  std::vector<Script> out;
  const char* dir = std::getenv("FORKLIFT_KSH93_TESTS");
  if (dir == nullptr || *dir == '\0') return out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".sh") out.push_back({entry.path(), Dialect::Ksh});
  }
  return out;
}

// The shell whose `-n` is the reference for a dialect.
const char* syntax_checker(Dialect dialect) {
  switch (dialect) {
    case Dialect::Sh: return "dash";
    case Dialect::Bash: return "bash";
    case Dialect::Ksh: return "ksh93";
    case Dialect::Mksh: return "mksh";
  }
  return "bash";
}

// zsh's functions have no #! line and read as bash, which accepts more than
// they mean.
bool is_zsh_file(const fs::path& path) { return path.string().find("/zsh") != std::string::npos; }

// Whether `shell -n` accepts the file; nullopt when the shell cannot be run.
std::optional<bool> shell_accepts(const char* shell, const fs::path& path) {
  test::RunResult run = test::run_program({shell, "-n", path.string()});
  if (run.status == 127 || run.status < 0) return std::nullopt;
  return run.status == 0;
}

}  // namespace

TEST_CASE("exact parser: scripts their shell accepts parse, without crashing", "[exact][corpus]") {
  std::vector<Script> scripts = system_scripts();
  std::vector<Script> suite = ksh93_suite_scripts();
  if (suite.empty()) {
    WARN("FORKLIFT_KSH93_TESTS is not set: ksh93u+m's regression suite skipped");
    if (test::tools_required()) FAIL("FORKLIFT_KSH93_TESTS must name ksh93u+m's regression suite");
  }
  scripts.insert(scripts.end(), suite.begin(), suite.end());
  if (scripts.empty()) {
    forklift::test::skip_for_missing_tool("no shell scripts found on this system");
    return;
  }
  size_t parsed = 0;
  size_t refused = 0;
  std::map<std::string, size_t> unchecked;  // refused, and the reference shell is missing
  for (const Script& script : scripts) {
    LoadResult loaded = load_source(script.path.string());
    if (!loaded.file) continue;
    const SourceFile& file = *loaded.file;
    Dialect dialect = script.dialect.value_or(detect_dialect(script.path.string(), file.text()).dialect);
    ParseResult result = parse_exact(file, dialect);
    if (result.ast == nullptr) {
      ++refused;
      const char* shell = syntax_checker(dialect);
      std::optional<bool> accepted = shell_accepts(shell, script.path);
      if (!accepted) {
        ++unchecked[shell];
        continue;
      }
      if (*accepted && is_zsh_file(script.path)) continue;
      if (*accepted) FAIL_CHECK(shell << " -n accepts it: " << format_parse_error(file, result.errors.front()));
      continue;
    }
    ++parsed;
    INFO(script.path.string());
    CHECK(test::span_violations(*result.ast->root, file.size()) == "");
    CHECK(test::text_violations(*result.ast->root, file.text()) == "");
    CHECK(check_shape(result.ast->root) == "");
  }
  for (const auto& [shell, count] : unchecked) {
    WARN(shell << " is missing: " << count << " refused scripts not checked against it");
    if (test::tools_required()) FAIL(shell << " is required (FORKLIFT_REQUIRE_TOOLS=1)");
  }
  WARN("exact parser: " << parsed << " scripts parsed, " << refused << " refused with a syntax error");
}

}  // namespace forklift
