#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lsp/project_config.h"

using namespace forklift::lsp;
namespace fs = std::filesystem;

namespace {

struct ProjectDir {
  ProjectDir() : path(fs::temp_directory_path() / ("forklift-lsp-config-" + std::to_string(getpid()))) {
    fs::create_directories(path / "sub");
  }
  ~ProjectDir() { fs::remove_all(path); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path / name) << text; }
  fs::path path;
};

}  // namespace

TEST_CASE("forklift.toml found from the workspace root sets the lint options", "[lsp][config]") {
  ProjectDir dir;
  dir.write("forklift.toml",
            "select = [\"FL1\"]\nignore = [\"FL105\"]\nshell = \"ksh\"\nunsafe-fixes = true\n"
            "[per-file-ignores]\n\"legacy/**\" = [\"FL101\"]\n");
  ProjectConfigLoad load = load_project_config((dir.path / "sub").string());
  CHECK(load.error.empty());
  const ServerConfig& config = load.config;
  CHECK(config.lint.rules.select == std::vector<std::string>{"FL1"});
  CHECK(config.lint.rules.ignore == std::vector<std::string>{"FL105"});
  CHECK(config.lint.shell == forklift::Dialect::Ksh);
  CHECK(config.unsafe_fixes);
  REQUIRE(config.per_file_ignores);
  CHECK(config.per_file_ignores((dir.path / "legacy/old.sh").string()) == std::vector<std::string>{"FL101"});
  CHECK(config.per_file_ignores((dir.path / "new.sh").string()).empty());
}

TEST_CASE("a broken forklift.toml is reported and the defaults used", "[lsp][config]") {
  ProjectDir dir;
  dir.write("forklift.toml", "select = [\n");
  ProjectConfigLoad load = load_project_config(dir.path.string());
  CHECK(load.error.find("forklift.toml") != std::string::npos);
  CHECK(load.config.lint.rules.select.empty());
  CHECK_FALSE(load.config.unsafe_fixes);
}

TEST_CASE("without a forklift.toml the defaults apply", "[lsp][config]") {
  ProjectDir dir;
  ProjectConfigLoad load = load_project_config(dir.path.string());
  CHECK(load.error.empty());
  CHECK_FALSE(load.config.per_file_ignores);
}
