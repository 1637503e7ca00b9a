#include <catch2/catch.hpp>

#include "config/settings_resolver.h"
#include "tests/support/scratch_dir.h"

using namespace forklift;
using forklift::test::ScratchDir;

namespace {

FileSettings resolved(SettingsResolver& resolver, const std::string& path) {
  std::string error;
  std::optional<FileSettings> settings = resolver.settings_for(path, error);
  INFO(error);
  REQUIRE(settings);
  return *settings;
}

using Codes = std::vector<std::string>;

}  // namespace

TEST_CASE("settings: the nearest forklift.toml applies alone, with its per-file-ignores") {
  ScratchDir dir;
  dir.write("forklift.toml", "select = [\"FL101\"]\nper-file-ignores = {\"a.sh\" = [\"FL1\"]}\n");
  dir.write("sub/forklift.toml", "ignore = [\"FL101\"]\n");
  SettingsResolver resolver;
  FileSettings top = resolved(resolver, dir / "a.sh");
  CHECK(top.options.rules.select == Codes{"FL101"});
  CHECK(top.options.rules.per_file_ignores == Codes{"FL1"});
  CHECK_FALSE(top.options.rules.enabled("FL101"));  // a per-file ignore outranks a more specific select
  CHECK(resolved(resolver, dir / "other.sh").options.rules.enabled("FL101"));
  FileSettings nested = resolved(resolver, dir / "sub/b.sh");
  CHECK(nested.options.rules.select.empty());  // the root's select does not reach into sub/
  CHECK(nested.options.rules.ignore == Codes{"FL101"});
  CHECK_FALSE(nested.options.rules.enabled("FL101"));
  CHECK(nested.options.rules.enabled("FL201"));
  // A.sh in sub/ is not the root's a.sh: per-file-ignores belong to their own config.
  CHECK(resolved(resolver, dir / "sub/a.sh").options.rules.per_file_ignores.empty());
}

TEST_CASE("settings: overrides go on top; select replaces, extend-select and ignore add up") {
  ScratchDir dir;
  dir.write("forklift.toml",
            "select = [\"FL1\"]\nextend-select = [\"FL201\"]\nignore = [\"FL105\"]\nshell = \"ksh\"\n"
            "unsafe-fixes = true\n");
  SettingsOverrides overrides;
  overrides.select = Codes{"FL3"};
  overrides.extend_select = {"FL401"};
  overrides.ignore = {"FL301"};
  overrides.shell = Dialect::Sh;
  overrides.unsafe_fixes = false;
  SettingsResolver resolver(overrides);
  FileSettings settings = resolved(resolver, dir / "x.sh");
  CHECK(settings.options.rules.select == Codes{"FL3"});
  CHECK(settings.options.rules.extend_select == Codes{"FL201", "FL401"});
  CHECK(settings.options.rules.ignore == Codes{"FL105", "FL301"});
  CHECK(settings.options.shell == Dialect::Sh);
  CHECK_FALSE(settings.unsafe_fixes);

  SettingsResolver plain;
  FileSettings configured = resolved(plain, dir / "x.sh");
  CHECK(configured.options.shell == Dialect::Ksh);
  CHECK(configured.unsafe_fixes);
}

TEST_CASE("settings: --config reads one file for every path, --isolated none") {
  ScratchDir dir;
  dir.write("forklift.toml", "select = [\"FL1\"]\n");
  std::string other = dir.write("elsewhere/other.toml", "select = [\"FL2\"]\nper-file-ignores = {\"*.sh\" = [\"FL201\"]}\n");
  SettingsOverrides named;
  named.config_file = other;
  SettingsResolver by_name(named);
  FileSettings settings = resolved(by_name, dir / "x.sh");
  CHECK(settings.options.rules.select == Codes{"FL2"});
  CHECK(settings.options.rules.per_file_ignores == Codes{"FL201"});  // globs without '/' match by name anywhere

  SettingsOverrides isolated;
  isolated.isolated = true;
  SettingsResolver none(isolated);
  CHECK(resolved(none, dir / "x.sh").options.rules.select.empty());
}

TEST_CASE("settings: a bad config is reported once, its files refused, the defaults on request") {
  ScratchDir dir;
  dir.write("bad/forklift.toml", "select = 3\n");
  SettingsOverrides overrides;
  overrides.ignore = {"FL1"};
  SettingsResolver resolver(overrides);
  std::string error;
  CHECK_FALSE(resolver.settings_for(dir / "bad/a.sh", error));
  CHECK(error == dir / "bad/forklift.toml" + ":1:10: `select` must be an array of rule codes");
  CHECK_FALSE(resolver.settings_for(dir / "bad/b.sh", error));
  CHECK(error.empty());
  FileSettings fallback = resolver.defaults_for(dir / "bad/a.sh");
  CHECK(fallback.options.rules.ignore == Codes{"FL1"});
  CHECK(resolved(resolver, dir / "good.sh").options.rules.ignore == Codes{"FL1"});
}
