// Code reads a node's children through the typed views, so that a change to
// a kind's fields in ast_schema.def shows up where it matters. Only the views
// and the shape check (which validates positions) may index `kids`.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace {

namespace fs = std::filesystem;

std::vector<std::string> positional_uses(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> found;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find("kids[") != std::string::npos) found.push_back(file.string() + ":" + std::to_string(number));
  }
  return found;
}

}  // namespace

TEST_CASE("no code outside the views reads a node's child by position", "[ast][views]") {
  const fs::path root = FORKLIFT_SOURCE_DIR;
  const std::set<fs::path> allowed = {root / "analyzer/ast_views.h", root / "analyzer/ast_shape.cpp"};
  std::vector<std::string> found;
  size_t files = 0;
  for (const char* module : {"analyzer", "rules", "interp", "harness", "lsp", "cli", "config", "rewriter"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / module)) {
      const fs::path& path = entry.path();
      if (!entry.is_regular_file() || (path.extension() != ".cpp" && path.extension() != ".h")) continue;
      ++files;
      if (allowed.count(path) != 0) continue;
      for (std::string& use : positional_uses(path)) found.push_back(std::move(use));
    }
  }
  CHECK(files > 300);
  std::ostringstream list;
  for (const std::string& use : found) list << use << '\n';
  INFO(list.str());
  CHECK(found.empty());
}
