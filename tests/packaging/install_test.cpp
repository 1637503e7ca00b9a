// `cmake --install` into a scratch prefix gives a working tree: the binary
// runs, lint and fix work, the man pages render, the completions load.
#include <catch2/catch.hpp>

#include "tests/packaging/installed_tree.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

namespace {

// The words bash completion offers for the command line `words` (the last
// one being completed), from the installed completion script.
std::string bash_completions(const fs::path& script, const std::string& words) {
  RunResult run = run_program({"bash", "-c",
                               "source \"$1\"; COMP_WORDS=($2); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
                               "[[ $2 == *' ' ]] && { COMP_WORDS+=(''); COMP_CWORD=$((COMP_CWORD + 1)); }; "
                               "_forklift; echo \"${COMPREPLY[*]}\"",
                               "bash", script.string(), words});
  CHECK(run.status == 0);
  CHECK(run.err.empty());
  return run.out;
}

}  // namespace

TEST_CASE("cmake --install gives a working prefix with man pages and completions", "[packaging][install]") {
  ScratchDir prefix("install");
  RunResult install = run_program({FORKLIFT_CMAKE, "--install", FORKLIFT_BUILD_DIR, "--prefix", prefix.dir().string()});
  INFO(install.out << install.err);
  REQUIRE(install.status == 0);

  check_installed_binary(prefix.dir() / "bin/forklift", prefix.dir());

  for (const char* page : {"forklift.1", "forklift-lint.1", "forklift-fix.1", "forklift-rule.1", "forklift-lsp.1"}) {
    CHECK(fs::exists(prefix.dir() / "share/man/man1" / page));
  }
  CHECK(fs::exists(prefix.dir() / "share/zsh/vendor-completions/_forklift"));
  CHECK(fs::exists(prefix.dir() / "share/fish/vendor_completions.d/forklift.fish"));
  CHECK(fs::exists(prefix.dir() / "share/doc/forklift/rules/FL101.md"));

  if (have_tool("man")) {
    RunResult man = run_program({"man", "-l", (prefix.dir() / "share/man/man1/forklift-lint.1").string()}, "", "",
                                {{"MANPAGER", "cat"}, {"MANWIDTH", "100"}, {"MAN_KEEP_FORMATTING", ""}});
    CHECK(man.status == 0);
    CHECK(man.err.empty());
    CHECK(man.out.find("forklift-lint - Report needless forks") != std::string::npos);
    CHECK(man.out.find("--select") != std::string::npos);
    RunResult main_page = run_program({"man", "-l", (prefix.dir() / "share/man/man1/forklift.1").string()}, "", "",
                                      {{"MANPAGER", "cat"}, {"MANWIDTH", "100"}});
    CHECK(main_page.out.find("FL101 expr-arithmetic") != std::string::npos);
  }

  fs::path bash_script = prefix.dir() / "share/bash-completion/completions/forklift";
  CHECK(bash_completions(bash_script, "forklift li") == "lint\n");
  CHECK(bash_completions(bash_script, "forklift lint --sel") == "--select\n");
  CHECK(bash_completions(bash_script, "forklift lint --select FL10").starts_with("FL101 FL102"));
  CHECK(bash_completions(bash_script, "forklift completions ") == "bash zsh fish\n");
  if (have_tool("zsh")) {
    CHECK(run_program({"zsh", "-n", (prefix.dir() / "share/zsh/vendor-completions/_forklift").string()}).status == 0);
  }
}
