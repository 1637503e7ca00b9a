// The hooks of .pre-commit-hooks.yaml, run by Debian's pre-commit with
// `try-repo` on a scratch repository, offline: `language: system` uses the
// forklift on PATH (here the built one).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "tests/packaging/installed_tree.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

TEST_CASE("pre-commit try-repo: forklift-lint fails with the findings, forklift-fix rewrites", "[packaging][pre-commit]") {
  if (!have_tool("pre-commit") || !have_tool("git")) return;
  ScratchDir scratch("pre-commit");
  fs::path repo = scratch.dir() / "repo";
  fs::create_directories(repo);
  std::ofstream(repo / "count.sh") << kForkHeavyScript;
  std::ofstream(repo / "notes.txt") << "i=`expr $i + 1`\n";  // not a shell file: left alone
  std::string path = fs::path(FORKLIFT_BINARY).parent_path().string() + ":" + std::getenv("PATH");
  Environment env{{"PATH", path},
                  {"PRE_COMMIT_HOME", (scratch.dir() / "cache").string()},
                  {"GIT_CONFIG_GLOBAL", "/dev/null"},
                  {"GIT_AUTHOR_NAME", "t"}, {"GIT_AUTHOR_EMAIL", "t@example.org"},
                  {"GIT_COMMITTER_NAME", "t"}, {"GIT_COMMITTER_EMAIL", "t@example.org"}};
  REQUIRE(run_program({"git", "init", "-q"}, "", repo.string(), env).status == 0);
  REQUIRE(run_program({"git", "add", "."}, "", repo.string(), env).status == 0);

  RunResult lint = run_program({"pre-commit", "try-repo", FORKLIFT_SOURCE_DIR, "forklift-lint", "--all-files"}, "",
                               repo.string(), env);
  INFO(lint.out << lint.err);
  CHECK(lint.status == 1);
  CHECK(lint.out.find("forklift lint") != std::string::npos);
  CHECK(lint.out.find("Failed") != std::string::npos);
  CHECK(lint.out.find("FL101") != std::string::npos);
  CHECK(read_text(repo / "count.sh") == kForkHeavyScript);

  RunResult fix = run_program({"pre-commit", "try-repo", FORKLIFT_SOURCE_DIR, "forklift-fix", "--all-files"}, "",
                              repo.string(), env);
  INFO(fix.out << fix.err);
  CHECK(fix.status == 1);  // pre-commit fails a hook that modified files
  CHECK(fix.out.find("files were modified by this hook") != std::string::npos);
  std::string fixed = read_text(repo / "count.sh");
  CHECK(fixed.find("$((i + 1))") != std::string::npos);
  CHECK(read_text(repo / "notes.txt") == "i=`expr $i + 1`\n");

  REQUIRE(run_program({"git", "add", "."}, "", repo.string(), env).status == 0);
  RunResult clean = run_program({"pre-commit", "try-repo", FORKLIFT_SOURCE_DIR, "forklift-lint", "--all-files"}, "",
                                repo.string(), env);
  INFO(clean.out << clean.err);
  CHECK(clean.status == 0);
}
