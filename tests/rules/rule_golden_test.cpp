// Golden fixtures: tests/rules/fixtures/<CODE>*.sh against <same name>.expected.
// FORKLIFT_UPDATE_GOLDEN=1 rewrites the expected files (review the diff by hand).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <catch2/catch.hpp>

#include "rule_golden_support.h"

namespace forklift::testing {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::filesystem::path> fixtures() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(FORKLIFT_SOURCE_DIR "/tests/rules/fixtures")) {
    if (entry.path().extension() == ".sh" || entry.path().extension() == ".ksh" || entry.path().extension() == ".bash") {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("rule golden fixtures") {
  bool update = std::getenv("FORKLIFT_UPDATE_GOLDEN") != nullptr;
  std::vector<std::filesystem::path> paths = fixtures();
  REQUIRE(!paths.empty());
  for (const std::filesystem::path& path : paths) {
    std::string name = path.filename().string();
    std::string code = name.substr(0, 5);
    std::string text = read_file(path);
    std::string actual = render_golden(run_rule(code, name, text));
    std::filesystem::path expected_path = path;
    expected_path.replace_extension(".expected");
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << actual;
      continue;
    }
    INFO("fixture " << name);
    REQUIRE(std::filesystem::exists(expected_path));
    CHECK(actual == read_file(expected_path));
    INFO("exact parser alone");
    CHECK(render_golden(run_rule(code, name, text, std::nullopt, FrontEnd::Exact)) == actual);
  }
}

TEST_CASE("every rule has a golden fixture") {
  std::vector<std::filesystem::path> paths = fixtures();
  for (const Rule* rule : all_rules()) {
    std::string code(rule->info().code);
    bool found = std::any_of(paths.begin(), paths.end(),
                             [&](const auto& path) { return path.filename().string().starts_with(code); });
    INFO("rule " << code);
    CHECK(found);
  }
}

}  // namespace
}  // namespace forklift::testing
