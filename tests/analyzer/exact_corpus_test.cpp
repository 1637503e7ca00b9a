// Parses the shell scripts installed on this machine: none may crash, and the
// trees of those that parse must keep the span rules. Reports counts; skips
// cleanly when the system has no scripts.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analyzer/ast_shape.h"
#include "analyzer/exact_parser.h"
#include "tests/analyzer/exact_test_support.h"
#include "tests/support/required_tools.h"

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

std::vector<fs::path> system_scripts() {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const char* dir : {"/usr/bin", "/usr/sbin", "/usr/share", "/etc", "/usr/lib/git-core"}) {
    auto options = fs::directory_options::skip_permission_denied;
    for (fs::recursive_directory_iterator it(dir, options, ec), end; it != end; it.increment(ec)) {
      if (ec) break;
      if (it.depth() > 6) it.disable_recursion_pending();
      if (!it->is_regular_file(ec) || it->file_size(ec) > (4u << 20)) continue;
      if (looks_like_shell_script(it->path())) out.push_back(it->path());
    }
  }
  return out;
}

}  // namespace

TEST_CASE("exact parser: system shell scripts parse without crashing", "[exact][corpus]") {
  std::vector<fs::path> scripts = system_scripts();
  if (scripts.empty()) {
    forklift::test::skip_for_missing_tool("no shell scripts found on this system");
    return;
  }
  size_t parsed = 0;
  size_t failed = 0;
  for (const fs::path& path : scripts) {
    LoadResult loaded = load_source(path.string());
    if (!loaded.file) continue;
    const SourceFile& file = *loaded.file;
    Dialect dialect = detect_dialect(path.string(), file.text()).dialect;
    ParseResult result = parse_exact(file, dialect);
    if (result.ast == nullptr) {
      if (++failed <= 30) WARN("refused: " << format_parse_error(file, result.errors.front()));
      continue;
    }
    ++parsed;
    INFO(path.string());
    CHECK(test::span_violations(*result.ast->root, file.size()) == "");
    CHECK(test::text_violations(*result.ast->root, file.text()) == "");
    CHECK(check_shape(result.ast->root) == "");
  }
  WARN("exact parser: " << parsed << " system scripts parsed, " << failed << " refused with a syntax error");
}

}  // namespace forklift
