// The system's own shell scripts as an extra corpus: reports how many
// parse with each front end and where the trees differ. Differences do not
// fail the suite (the table in tests/corpus is the contract); a crash or a
// tree that breaks the AST invariants does.
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "analyzer/dialect.h"
#include "analyzer/source_file.h"
#include "tests/analyzer/front_end_corpus.h"
#include "tests/support/required_tools.h"

namespace forklift::test {
namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxFiles = 1200;
constexpr uint64_t kMaxBytes = 3u << 20;  // keeps the test well under 20 s, also under ASan
constexpr size_t kMaxEntriesVisited = 200000;

bool has_shell_shebang(const std::string& text) {
  if (text.rfind("#!", 0) != 0) return false;
  std::string line = text.substr(0, text.find('\n'));
  for (const char* shell : {"/sh", "/bash", "/dash", "/ksh", "/mksh", "env sh", "env bash", "env ksh"}) {
    if (line.find(shell) != std::string::npos) return true;
  }
  return false;
}

bool is_maintainer_script(const fs::path& path) {
  std::string ext = path.extension().string();
  return ext == ".postinst" || ext == ".preinst" || ext == ".postrm" || ext == ".prerm" || ext == ".config";
}

// Scripts by shebang in bin directories, *.sh below /usr/share and /usr/lib, maintainer scripts.
std::vector<std::string> system_scripts() {
  std::vector<std::string> found;
  std::error_code ec;
  for (const char* dir : {"/usr/bin", "/usr/sbin", "/var/lib/dpkg/info"}) {
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.is_regular_file(ec)) found.push_back(entry.path().string());
    }
  }
  for (const char* dir : {"/usr/share", "/usr/lib"}) {
    size_t visited = 0;
    auto options = fs::directory_options::skip_permission_denied;
    for (auto it = fs::recursive_directory_iterator(dir, options, ec); it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (ec || ++visited > kMaxEntriesVisited) break;
      if (it->path().extension() == ".sh" && it->is_regular_file(ec)) found.push_back(it->path().string());
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

TEST_CASE("system shell scripts: report front-end agreement", "[front_end][system]") {
  size_t files = 0, tree_sitter_ok = 0, exact_ok = 0, compared = 0, differ = 0;
  uint64_t bytes = 0;
  std::vector<std::string> examples;
  for (const std::string& path : system_scripts()) {
    if (files >= kMaxFiles || bytes >= kMaxBytes) break;
    LoadResult loaded = load_source(path, LoadLimits{256u << 10});
    if (!loaded.file) continue;
    const std::string& text = loaded.file->text();
    if (!has_shell_shebang(text) && !(is_maintainer_script(path) || fs::path(path).extension() == ".sh")) continue;
    ++files;
    bytes += text.size();
    Comparison c = compare_front_ends(path, text, detect_dialect(path, text).dialect);
    INFO(path);
    CHECK(c.invariant_problem == "");
    tree_sitter_ok += c.tree_sitter_ok;
    exact_ok += c.exact_ok;
    if (c.tree_sitter_ok && c.exact_ok) {
      ++compared;
      if (!c.difference.empty()) {
        ++differ;
        if (examples.size() < 10) examples.push_back(path + ": " + c.difference.substr(0, 400));
      }
    }
  }
  std::string report = fmt::format(
      "system corpus: {} scripts ({} KiB); tree-sitter parsed {}, the exact parser {}; of the {} both parsed, {} "
      "differ",
      files, bytes / 1024, tree_sitter_ok, exact_ok, compared, differ);
  for (const std::string& e : examples) report += "\n  " + e;
  WARN(report);
  if (files == 0) forklift::test::skip_for_missing_tool("no system shell scripts found: nothing compared");
}

}  // namespace
}  // namespace forklift::test
