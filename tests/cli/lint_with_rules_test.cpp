// `forklift lint` with the real rules: selection, suppression, configuration,
// severity, statistics, --explain, and fixes withheld next to parse errors.
// Uses FL101 (`expr`, SC2003, warning), FL201 (backticks, SC2006, info),
// FL307 (`$(pwd)`, warning, unsafe fix) and FL107 (`$` in arithmetic, hint).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support/run_forklift.h"
#include "tests/support/scratch_dir.h"

using forklift::test::run_forklift;
using forklift::test::ScratchDir;

namespace {

constexpr const char* kScript =
    "#!/bin/bash\n"
    "a=`expr 1 + 2`\n"
    "b=$(pwd)\n"
    "c=$((a + $b))\n";

// "LINE:CODE" of each finding, from the json format.
std::vector<std::string> findings(const std::vector<std::string>& args, const std::string& input = "",
                                  const std::string& cwd = "") {
  std::vector<std::string> full{"lint", "--output-format", "json"};
  full.insert(full.end(), args.begin(), args.end());
  auto r = run_forklift(full, input, cwd);
  INFO(r.err);
  REQUIRE(r.status != 2);
  std::vector<std::string> out;
  for (const auto& d : nlohmann::json::parse(r.out)) {
    out.push_back(std::to_string(d["location"]["row"].get<int>()) + ":" + d["code"].get<std::string>());
  }
  return out;
}

using Found = std::vector<std::string>;

}  // namespace

TEST_CASE("lint with rules: findings, sorted by position then code; exit 1") {
  ScratchDir dir;
  std::string script = dir.write("s.sh", kScript);
  CHECK(findings({"--isolated", script}) == Found{"2:FL101", "2:FL201", "3:FL307", "4:FL107"});
  CHECK(run_forklift({"lint", "--isolated", script}).status == 1);
}

TEST_CASE("lint with rules: --select, --ignore and --extend-select, the most specific winning") {
  ScratchDir dir;
  std::string script = dir.write("s.sh", kScript);
  CHECK(findings({"--isolated", "--select", "FL1", script}) == Found{"2:FL101", "4:FL107"});
  CHECK(findings({"--isolated", "--select", "FL1", "--ignore", "FL107", script}) == Found{"2:FL101"});
  CHECK(findings({"--isolated", "--ignore", "FL1", "--extend-select", "FL107", script}) ==
        Found{"2:FL201", "3:FL307", "4:FL107"});
  CHECK(findings({"--isolated", "--select", "FL201,FL307", "--select", "FL101", script}) ==
        Found{"2:FL101", "2:FL201", "3:FL307"});
  CHECK(findings({"--isolated", "--ignore", "ALL", script}).empty());
  CHECK(run_forklift({"lint", "--isolated", "--ignore", "ALL", script}).status == 0);
}

TEST_CASE("lint with rules: --severity keeps findings at least that severe") {
  ScratchDir dir;
  std::string script = dir.write("s.sh", kScript);
  CHECK(findings({"--isolated", "--severity", "warning", script}) == Found{"2:FL101", "3:FL307"});
  CHECK(findings({"--isolated", "--severity", "info", script}) == Found{"2:FL101", "2:FL201", "3:FL307"});
  CHECK(findings({"--isolated", "--severity", "error", script}).empty());
}

TEST_CASE("lint with rules: suppression comments") {
  ScratchDir dir;
  std::string whole_file = dir.write("whole.sh",
                                     "#!/bin/bash\n"
                                     "# forklift: disable=FL307\n"
                                     "a=`expr 1 + 2` # shellcheck disable=SC2006\n"
                                     "b=$(pwd)\n"
                                     "if true; then\n"
                                     "  c=$(pwd)\n"
                                     "fi\n");
  CHECK(findings({"--isolated", whole_file}) == Found{"3:FL101"});
  std::string compound = dir.write("compound.sh",
                                   "a=1\n"
                                   "# forklift: disable=FL307,FL1\n"
                                   "if true; then\n"
                                   "  c=$(pwd)\n"
                                   "  d=$(expr 1 + 1)\n"
                                   "fi\n"
                                   "e=$(pwd)\n");
  CHECK(findings({"--isolated", compound}) == Found{"7:FL307"});
}

TEST_CASE("lint with rules: forklift.toml settings and per-file-ignores") {
  ScratchDir dir;
  dir.write("proj/forklift.toml",
            "select = [\"FL1\", \"FL3\"]\n"
            "ignore = [\"FL107\"]\n"
            "[per-file-ignores]\n"
            "\"legacy/**\" = [\"FL3\"]\n");
  dir.write("proj/src/s.sh", kScript);
  dir.write("proj/legacy/old/s.sh", kScript);
  CHECK(findings({"src/s.sh", "legacy/old/s.sh"}, "", dir / "proj") ==
        Found{"2:FL101", "3:FL307", "2:FL101"});
  // Command-line selection replaces the configured one; ignores add up.
  CHECK(findings({"--select", "FL2", "src/s.sh"}, "", dir / "proj") == Found{"2:FL201"});
  CHECK(findings({"--ignore", "FL101", "src/s.sh"}, "", dir / "proj") == Found{"3:FL307"});
  // stdin finds its config through --stdin-filename.
  CHECK(findings({"--stdin-filename", "legacy/x.sh", "-"}, kScript, dir / "proj") == Found{"2:FL101"});
  CHECK(findings({"--isolated", "src/s.sh"}, "", dir / "proj").size() == 4);
}

TEST_CASE("lint with rules: unsafe-fixes changes what counts as fixable") {
  ScratchDir dir;
  // A script that assigns PWD: `$PWD` may not be what pwd prints.
  std::string script = dir.write("s.sh", "PWD=/tmp\nb=$(pwd)\n");
  auto plain = run_forklift({"lint", "--isolated", "--output-format", "concise", script});
  CHECK(plain.out.find("1 more fixable with `forklift fix --unsafe-fixes`.") != std::string::npos);
  auto unsafe = run_forklift({"lint", "--isolated", "--unsafe-fixes", "--output-format", "concise", script});
  CHECK(unsafe.out.find(script + ":2:3: FL307 [*] ") != std::string::npos);
  dir.write("forklift.toml", "unsafe-fixes = true\n");
  auto configured = run_forklift({"lint", "--output-format", "concise", script});
  CHECK(configured.out.find("[*] 1 fixable with `forklift fix --unsafe-fixes`.") != std::string::npos);
}

TEST_CASE("lint with rules: fixes next to a parse error are withheld, the findings kept") {
  ScratchDir dir;
  std::string script = dir.write("p.sh",
                                 "a=$(expr 1 + 2)\n"
                                 "\n"
                                 "b=$(expr 3 + 4); fi\n"
                                 "c=$(expr 5 + 6)\n");
  auto r = run_forklift({"lint", "--isolated", "--output-format", "json", script});
  CHECK(r.status == 1);
  std::vector<std::string> got;
  for (const auto& d : nlohmann::json::parse(r.out)) {
    got.push_back(std::to_string(d["location"]["row"].get<int>()) + ":" + d["code"].get<std::string>() +
                  (d["fix"].is_null() ? "" : "+fix"));
  }
  CHECK(got == Found{"1:FL101+fix", "3:FL101", "3:syntax-error", "4:FL101+fix"});
}

TEST_CASE("lint with rules: --statistics and --explain") {
  ScratchDir dir;
  std::string script = dir.write("s.sh", std::string(kScript) + "d=`expr 2 + 2`\n");
  auto stats = run_forklift({"lint", "--isolated", "--statistics", script});
  CHECK(stats.status == 1);
  CHECK(stats.out.starts_with("     2  FL101          expr-arithmetic\n     2  FL201          backticks\n"));
  auto explain = run_forklift({"lint", "--explain", "FL101"});
  CHECK(explain.status == 0);
  CHECK(explain.out.starts_with("# expr-arithmetic (FL101)\n"));
  CHECK(explain.out.find("ShellCheck equivalent: SC2003") != std::string::npos);
  CHECK(explain.out.find("## What it does") != std::string::npos);
  CHECK(explain.out.find("## Fix safety") != std::string::npos);
}

TEST_CASE("lint with rules: --shell overrides the #! line") {
  ScratchDir dir;
  // `$(<f)`: ksh and bash have it, POSIX sh does not, so FL401 only reports it for ksh.
  std::string script = dir.write("c.sh", "#!/bin/sh\nx=$(cat /etc/hosts)\n");
  auto sh = nlohmann::json::parse(run_forklift({"lint", "--isolated", "--output-format", "json", script}).out);
  auto ksh = nlohmann::json::parse(
      run_forklift({"lint", "--isolated", "--shell", "ksh", "--output-format", "json", script}).out);
  REQUIRE(ksh.size() == 1);
  CHECK(ksh[0]["code"] == "FL401");
  CHECK(ksh[0]["fix"]["applicability"] == "safe");
  CHECK(sh.empty());
}
