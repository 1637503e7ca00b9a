// `forklift lint` end to end: exit statuses, paths, stdin, configuration.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support/run_forklift.h"
#include "tests/support/scratch_dir.h"

using forklift::test::run_forklift;
using forklift::test::ScratchDir;

TEST_CASE("lint command: a clean file exits 0") {
  ScratchDir dir;
  std::string script = dir.write("ok.sh", "#!/bin/sh\necho hello\n");
  auto r = run_forklift({"lint", "--isolated", script});
  CHECK(r.status == 0);
  CHECK(r.out == "All checks passed!\n");
  CHECK(r.err.empty());
}

TEST_CASE("lint command: a missing path exits 2, naming it, and the other files are still linted") {
  ScratchDir dir;
  std::string script = dir.write("ok.sh", "echo hello\n");
  auto r = run_forklift({"lint", "--isolated", "--output-format", "junit", dir / "nope.sh", script});
  CHECK(r.status == 2);
  CHECK(r.err == "forklift: " + dir / "nope.sh" + ": No such file or directory\n");
  CHECK(r.out.find("<testsuite name=\"" + script + "\"") != std::string::npos);
}

TEST_CASE("lint command: a binary file named on the command line is an error") {
  ScratchDir dir;
  std::string blob = dir.write("blob.sh", std::string("\x7f" "ELF\0\0", 6));
  auto r = run_forklift({"lint", "--isolated", blob});
  CHECK(r.status == 2);
  CHECK(r.err.find(blob + ": not a shell script") != std::string::npos);
}

TEST_CASE("lint command: binaries met while walking a folder are skipped") {
  ScratchDir dir;
  dir.write("blob.sh", std::string("\x7f" "ELF\0\0", 6));
  dir.write("ok.sh", "echo hello\n");
  auto r = run_forklift({"lint", "--isolated", "--output-format", "junit", dir.path()});
  CHECK(r.status == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("ok.sh") != std::string::npos);
  CHECK(r.out.find("blob.sh") == std::string::npos);
}

TEST_CASE("lint command: stdin with --stdin-filename") {
  auto r = run_forklift({"lint", "--isolated", "--output-format", "junit", "--stdin-filename", "piped.sh", "-"}, "echo hi\n");
  CHECK(r.status == 0);
  CHECK(r.out.find("<testsuite name=\"piped.sh\"") != std::string::npos);
  auto binary = run_forklift({"lint", "--isolated", "-"}, std::string("a\0b", 3));
  CHECK(binary.status == 2);
  CHECK(binary.err.find("-: not a shell script") != std::string::npos);
}

TEST_CASE("lint command: usage errors exit 2") {
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"lint", "--select", "E501", "x.sh"},
           {"lint", "--ignore", "FL1,bogus", "x.sh"},
           {"lint", "--output-format", "xml", "x.sh"},
           {"lint", "--shell", "fish", "x.sh"},
           {"lint", "--severity", "fatal", "x.sh"},
           {"lint", "--explain", "FL999"}}) {
    INFO(args[1] << " " << args[2]);
    auto r = run_forklift(args);
    CHECK(r.status == 2);
    CHECK_FALSE(r.err.empty());
    CHECK(r.out.empty());
  }
}

TEST_CASE("lint command: a bad config file is reported with file and line; its files are not linted") {
  ScratchDir dir;
  dir.write("bad/forklift.toml", "select = [\"FL1\"]\nshell = 3\n");
  std::string bad = dir.write("bad/a.sh", "echo\n");
  std::string good = dir.write("good/b.sh", "echo\n");
  auto r = run_forklift({"lint", "--output-format", "junit", bad, good});
  CHECK(r.status == 2);
  CHECK(r.err == "forklift: " + dir / "bad/forklift.toml" + ":2:9: `shell` must be one of sh, bash, ksh, mksh (or an alias such as dash)\n");
  CHECK(r.out.find("b.sh") != std::string::npos);
  CHECK(r.out.find("a.sh") == std::string::npos);
  // --isolated skips it; --config replaces discovery.
  CHECK(run_forklift({"lint", "--isolated", bad}).status == 0);
  std::string other = dir.write("other.toml", "ignore = [\"FL1\"]\n");
  CHECK(run_forklift({"lint", "--config", other, bad}).status == 0);
  auto missing = run_forklift({"lint", "--config", dir / "none.toml", bad});
  CHECK(missing.status == 2);
  CHECK(missing.err.find(dir / "none.toml" + ": cannot read config file") != std::string::npos);
}

TEST_CASE("lint command: machine formats print valid empty documents when nothing is found") {
  ScratchDir dir;
  std::string script = dir.write("ok.sh", "echo hello\n");
  CHECK(run_forklift({"lint", "--isolated", "--output-format", "json", script}).out == "[]\n");
  CHECK(run_forklift({"lint", "--isolated", "--output-format", "json-lines", script}).out.empty());
  CHECK(run_forklift({"lint", "--isolated", "--output-format", "github", script}).out.empty());
  CHECK(run_forklift({"lint", "--isolated", "--output-format", "gitlab", script}).out == "[]\n");
  auto sarif = nlohmann::json::parse(run_forklift({"lint", "--isolated", "--output-format", "sarif", script}).out);
  CHECK(sarif["version"] == "2.1.0");
}

TEST_CASE("lint command: syntax errors are findings (exit 1) at their position") {
  ScratchDir dir;
  std::string script = dir.write("broken.sh", "echo ok\nif then\n");
  auto r = run_forklift({"lint", "--isolated", "--output-format", "concise", script});
  CHECK(r.status == 1);
  CHECK(r.out.starts_with(script + ":2:4: syntax-error "));
  CHECK(r.out.ends_with("Found 1 finding in 1 file.\n"));
}

TEST_CASE("lint command: many files linted in parallel come out in input order") {
  ScratchDir dir;
  std::string expected;
  for (int i = 0; i < 40; ++i) {
    std::string name = "f" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".sh";
    dir.write("tree/" + name, std::string(static_cast<size_t>(i), '\n') + "if then\n");
    expected += "tree/" + name + ":" + std::to_string(i + 1) + ":4: syntax-error";
  }
  auto r = run_forklift({"lint", "--isolated", "--output-format", "concise", "tree"}, "", dir.path());
  CHECK(r.status == 1);
  std::string got;
  for (size_t at = 0; at < r.out.size();) {
    size_t eol = r.out.find('\n', at);
    std::string line = r.out.substr(at, eol - at);
    if (line.find("syntax-error") != std::string::npos) got += line.substr(0, line.find("syntax-error") + 12);
    at = eol + 1;
  }
  CHECK(got == expected);
}

TEST_CASE("lint command: with no path, the working directory is linted") {
  ScratchDir dir;
  dir.write("sub/x.sh", "if then\n");
  auto r = run_forklift({"lint", "--isolated", "--output-format", "gcc"}, "", dir.path());
  CHECK(r.status == 1);
  CHECK(r.out.starts_with("sub/x.sh:1:4: error: "));
}
