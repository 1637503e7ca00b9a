#include <catch2/catch.hpp>

#include "lsp/config_watch.h"

using namespace forklift::lsp;

TEST_CASE("the watcher's globs name every config file find_config reads", "[lsp][config]") {
  CHECK(project_config_globs() == std::vector<std::string>{"**/forklift.toml", "**/.forklift.toml"});
  CHECK(is_project_config_file("/w/sub/forklift.toml"));
  CHECK(is_project_config_file("/w/.forklift.toml"));
  CHECK_FALSE(is_project_config_file("/w/forklift.toml.bak"));
  CHECK_FALSE(is_project_config_file("/w/notes.txt"));
}
