#include <catch2/catch.hpp>

#include <filesystem>

#include "config/config_file.h"
#include "config/path_glob.h"
#include "tests/support/scratch_dir.h"

using namespace forklift;
using forklift::test::ScratchDir;

TEST_CASE("config: every setting is read") {
  ConfigLoad load = parse_config(R"(
select = ["FL1", "FL201"]
extend-select = ["FL301"]
ignore = ["FL102"]
shell = "ksh93"
unsafe-fixes = true

[per-file-ignores]
"legacy/**" = ["FL1"]
"*.bash" = ["ALL"]
)",
                                 "/proj/forklift.toml");
  REQUIRE(load.config);
  const Config& config = *load.config;
  CHECK(config.select == std::vector<std::string>{"FL1", "FL201"});
  CHECK(config.extend_select == std::vector<std::string>{"FL301"});
  CHECK(config.ignore == std::vector<std::string>{"FL102"});
  CHECK(config.shell == Dialect::Ksh);
  CHECK(config.unsafe_fixes);
  CHECK(config.directory == "/proj");
  CHECK(config.ignores_for("/proj/legacy/old/x.sh") == std::vector<std::string>{"FL1"});
  CHECK(config.ignores_for("/proj/deep/y.bash") == std::vector<std::string>{"ALL"});
  CHECK(config.ignores_for("/proj/new/x.sh").empty());
}

TEST_CASE("config: an empty file is the defaults") {
  ConfigLoad load = parse_config("", "forklift.toml");
  REQUIRE(load.config);
  CHECK_FALSE(load.config->select);
  CHECK_FALSE(load.config->shell);
  CHECK_FALSE(load.config->unsafe_fixes);
}

TEST_CASE("config: errors name the file, line and column") {
  CHECK(parse_config("select = [\"FL1\"\nignore = 3\n", "a.toml").error.starts_with("a.toml:"));
  CHECK(parse_config("select = [\"FL1\"]\nfrobnicate = 1\n", "b.toml").error ==
        "b.toml:2:14: unknown key `frobnicate` (expected select, extend-select, ignore, shell, per-file-ignores, unsafe-fixes)");
  CHECK(parse_config("ignore = \"FL1\"\n", "c.toml").error == "c.toml:1:10: `ignore` must be an array of rule codes");
  CHECK(parse_config("\nselect = [\"FL1\", \"E501\"]\n", "d.toml").error ==
        "d.toml:2:18: unknown rule selector `E501` in `select`");
  CHECK(parse_config("shell = \"fish\"\n", "e.toml").error.starts_with("e.toml:1:9: `shell` must be one of"));
  CHECK(parse_config("unsafe-fixes = \"yes\"\n", "f.toml").error == "f.toml:1:16: `unsafe-fixes` must be true or false");
  CHECK(parse_config("[per-file-ignores]\n\"x\" = [1]\n", "g.toml").error == "g.toml:2:8: `per-file-ignores` must hold strings");
}

TEST_CASE("config: found upward from a folder; forklift.toml before .forklift.toml") {
  ScratchDir dir;
  dir.write("project/.forklift.toml", "");
  dir.write("project/sub/deeper/x.sh", "");
  CHECK(find_config(dir / "project/sub/deeper") == dir / "project/.forklift.toml");
  dir.write("project/sub/forklift.toml", "");
  dir.write("project/sub/.forklift.toml", "");
  CHECK(find_config(dir / "project/sub/deeper") == dir / "project/sub/forklift.toml");
  CHECK(find_config(dir / "project") == dir / "project/.forklift.toml");
}

TEST_CASE("config: load_config reports unreadable files") {
  ConfigLoad load = load_config("/nonexistent/forklift.toml");
  CHECK_FALSE(load.config);
  CHECK(load.error.starts_with("/nonexistent/forklift.toml: cannot read config file"));
}

TEST_CASE("config: selectors") {
  CHECK(is_valid_selector("ALL"));
  CHECK(is_valid_selector("FL"));
  CHECK(is_valid_selector("FL1"));
  CHECK(is_valid_selector("FL101"));
  CHECK_FALSE(is_valid_selector("FL1011"));
  CHECK_FALSE(is_valid_selector("fl101"));
  CHECK_FALSE(is_valid_selector("SC2003"));
  CHECK_FALSE(is_valid_selector(""));
}

TEST_CASE("path glob: stars, classes, double stars") {
  CHECK(glob_match("*.sh", "a.sh"));
  CHECK_FALSE(glob_match("*.sh", "dir/a.sh"));
  CHECK(glob_match("dir/*.sh", "dir/a.sh"));
  CHECK(glob_match("a?c", "abc"));
  CHECK_FALSE(glob_match("a?c", "a/c"));
  CHECK(glob_match("[abc]x", "bx"));
  CHECK_FALSE(glob_match("[!abc]x", "bx"));
  CHECK(glob_match("[a-c]x", "cx"));
  CHECK(glob_match("**/x.sh", "x.sh"));
  CHECK(glob_match("**/x.sh", "a/b/x.sh"));
  CHECK(glob_match("a/**", "a/b/c"));
  CHECK(glob_match("a/**/b", "a/b"));
  CHECK(glob_match("a/**/b", "a/x/y/b"));
  CHECK_FALSE(glob_match("a/**/b", "ab"));
  CHECK(glob_match("\\*x", "*x"));
  CHECK_FALSE(glob_match("\\*x", "ax"));
  CHECK(glob_match("[x", "[x"));
}
