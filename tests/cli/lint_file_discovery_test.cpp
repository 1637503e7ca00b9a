#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/file_discovery.h"
#include "cli/gitignore.h"
#include "tests/support/scratch_dir.h"

using namespace forklift::cli;
using forklift::test::ScratchDir;

namespace {

std::vector<std::string> relative_files(const ScratchDir& dir, const Discovery& discovery) {
  std::vector<std::string> out;
  for (const std::string& file : discovery.files) out.push_back(file.substr(dir.path().size() + 1));
  return out;
}

}  // namespace

TEST_CASE("lint discovery: scripts by extension or #! line; binaries and other files skipped") {
  ScratchDir dir;
  dir.write("a.sh", "echo\n");
  dir.write("b.bash", "echo\n");
  dir.write("c.ksh", "echo\n");
  dir.write("d.mksh", "echo\n");
  dir.write("e.dash", "echo\n");
  dir.write("tool", "#!/usr/bin/env bash\necho\n");
  dir.write("ksh-tool", "#!/bin/ksh93 -e\necho\n");
  dir.write("script.py", "#!/usr/bin/python3\nprint()\n");
  dir.write("notes.txt", "echo\n");
  dir.write("blob.sh", std::string("#!/bin/sh\n\0\x01", 12));
  dir.write("sub/deep/f.sh", "echo\n");
  Discovery discovery = discover_files({dir.path()});
  CHECK(discovery.errors.empty());
  CHECK(relative_files(dir, discovery) ==
        std::vector<std::string>{"a.sh", "b.bash", "c.ksh", "d.mksh", "e.dash", "ksh-tool", "sub/deep/f.sh", "tool"});
}

TEST_CASE("lint discovery: files named on the command line are taken as they are, in order") {
  ScratchDir dir;
  std::string txt = dir.write("notes.txt", "echo\n");
  std::string sh = dir.write("a.sh", "echo\n");
  Discovery discovery = discover_files({txt, dir / "missing.sh", sh});
  CHECK(discovery.files == std::vector<std::string>{txt, sh});
  REQUIRE(discovery.errors.size() == 1);
  CHECK(discovery.errors[0] == dir / "missing.sh" + ": No such file or directory");
}

TEST_CASE("lint discovery: .gitignore patterns, .git skipped") {
  ScratchDir dir;
  dir.write(".git/hooks/pre-commit.sh", "echo\n");
  dir.write(".gitignore",
            "# generated\n"
            "build/\n"
            "*.gen.sh\n"
            "!keep.gen.sh\n"
            "/top.sh\n"
            "docs/**/*.sh\n"
            "trailing.sh   \n");
  for (const char* name : {"build/x.sh", "a.gen.sh", "keep.gen.sh", "top.sh", "sub/top.sh", "docs/a/b/c.sh",
                           "docs/d.sh", "trailing.sh", "build.sh", "sub/build/y.sh", "ok.sh"}) {
    dir.write(name, "echo\n");
  }
  dir.write("sub/.gitignore", "ok.sh\n!/top.sh\n");
  dir.write("sub/ok.sh", "echo\n");
  Discovery discovery = discover_files({dir.path()});
  CHECK(relative_files(dir, discovery) ==
        std::vector<std::string>{"build.sh", "keep.gen.sh", "ok.sh", "sub/top.sh"});
}

TEST_CASE("lint discovery: .gitignore files above the walked folder, up to the repository root") {
  ScratchDir dir;
  dir.write("repo/.git/HEAD", "");
  dir.write("repo/.gitignore", "vendor/\n");
  dir.write("repo/src/.gitignore", "*.tmp.sh\n");
  dir.write("repo/src/lib/a.sh", "echo\n");
  dir.write("repo/src/lib/b.tmp.sh", "echo\n");
  dir.write("repo/src/lib/vendor/c.sh", "echo\n");
  Discovery discovery = discover_files({dir / "repo/src/lib"});
  CHECK(relative_files(dir, discovery) == std::vector<std::string>{"repo/src/lib/a.sh"});
}

TEST_CASE("lint discovery: a directory given as . gives paths without ./") {
  ScratchDir dir;
  dir.write("x.sh", "echo\n");
  std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  Discovery discovery = discover_files({"."});
  std::filesystem::current_path(before);
  CHECK(discovery.files == std::vector<std::string>{"x.sh"});
}

TEST_CASE("lint discovery: gitignore negation and dir-only rules") {
  GitignoreFile file("/r", "*.log\n!important.log\nout/\n/anchored\na/**/z\n");
  CHECK(file.match("/r/x.log", false) == true);
  CHECK(file.match("/r/deep/important.log", false) == false);
  CHECK(file.match("/r/out", true) == true);
  CHECK_FALSE(file.match("/r/out", false).has_value());
  CHECK(file.match("/r/anchored", false) == true);
  CHECK_FALSE(file.match("/r/sub/anchored", false).has_value());
  CHECK(file.match("/r/a/b/c/z", false) == true);
  CHECK_FALSE(file.match("/other/x.log", false).has_value());
}

TEST_CASE("lint discovery: shell script sniffing") {
  CHECK(looks_like_shell_script("x.sh", ""));
  CHECK(looks_like_shell_script("run", "#!/bin/sh\n"));
  CHECK(looks_like_shell_script("run", "#! /usr/bin/env -S mksh -e\n"));
  CHECK_FALSE(looks_like_shell_script("run", "#!/usr/bin/perl\n"));
  CHECK_FALSE(looks_like_shell_script("run", "echo hi\n"));
  CHECK_FALSE(looks_like_shell_script("x.sh", std::string("ab\0c", 4)));
}

TEST_CASE("lint discovery: .git/info/exclude and core.excludesFile from the repository config") {
  ScratchDir dir;
  dir.write("repo/.git/HEAD", "");
  dir.write("repo/.git/info/exclude", "local-*.sh\n");
  dir.write("repo/.git/config", "[core]\n\tbare = false\n[Core]\n\texcludesFile = \"" + dir / "user-ignore" + "\"\n");
  dir.write("user-ignore", "generated/\nkept.sh\n");
  dir.write("repo/.gitignore", "!kept.sh\n");
  dir.write("repo/a.sh", "echo\n");
  dir.write("repo/local-b.sh", "echo\n");
  dir.write("repo/kept.sh", "echo\n");
  dir.write("repo/generated/c.sh", "echo\n");
  Discovery discovery = discover_files({dir / "repo"});
  // .gitignore outranks both exclude files: its `!kept.sh` re-includes.
  CHECK(relative_files(dir, discovery) == std::vector<std::string>{"repo/a.sh", "repo/kept.sh"});
}

TEST_CASE("lint discovery: a linked worktree reads info/exclude of the shared git folder") {
  ScratchDir dir;
  dir.write("main/.git/info/exclude", "*.tmp.sh\n");
  dir.write("main/.git/worktrees/wt/commondir", "../..\n");
  dir.write("wt/.git", "gitdir: " + dir / "main/.git/worktrees/wt" + "\n");
  dir.write("wt/src/a.sh", "echo\n");
  dir.write("wt/src/b.tmp.sh", "echo\n");
  Discovery discovery = discover_files({dir / "wt/src"});
  CHECK(relative_files(dir, discovery) == std::vector<std::string>{"wt/src/a.sh"});
}
