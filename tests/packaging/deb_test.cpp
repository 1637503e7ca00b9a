// The Debian package (`make deb`) unpacked into a scratch root works from its
// installed files, and its control fields say what it needs.
#include <catch2/catch.hpp>

#include "tests/packaging/installed_tree.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

TEST_CASE("the .deb unpacks into a working tree with its dependencies declared", "[packaging][deb]") {
  if (!have_tool("dpkg-deb") || !have_tool("dpkg-shlibdeps")) return;
  ScratchDir scratch("deb");
  RunResult cpack = run_program({FORKLIFT_CPACK, "-G", "DEB", "--config", FORKLIFT_BUILD_DIR "/CPackConfig.cmake", "-B",
                                 scratch.dir().string()});
  INFO(cpack.out << cpack.err);
  REQUIRE(cpack.status == 0);
  fs::path deb;
  for (const fs::directory_entry& entry : fs::directory_iterator(scratch.dir())) {
    if (entry.path().extension() == ".deb") deb = entry.path();
  }
  REQUIRE(!deb.empty());
  CHECK(deb.filename().string().starts_with("forklift_"));
  CHECK(deb.filename().string().ends_with("_amd64.deb"));

  RunResult info = run_program({"dpkg-deb", "-I", deb.string()});
  CHECK(info.status == 0);
  CHECK(info.out.find("Package: forklift") != std::string::npos);
  CHECK(info.out.find("Recommends: ksh93u+m") != std::string::npos);
  CHECK(info.out.find("Depends: ") != std::string::npos);
  CHECK(info.out.find("libc6") != std::string::npos);

  fs::path root = scratch.dir() / "root";
  REQUIRE(run_program({"dpkg-deb", "-x", deb.string(), root.string()}).status == 0);
  check_installed_binary(root / "usr/bin/forklift", scratch.dir());
  CHECK(fs::exists(root / "usr/share/man/man1/forklift.1"));
  CHECK(fs::exists(root / "usr/share/bash-completion/completions/forklift"));
  CHECK(fs::exists(root / "usr/share/zsh/vendor-completions/_forklift"));
  CHECK(fs::exists(root / "usr/share/fish/vendor_completions.d/forklift.fish"));
}
