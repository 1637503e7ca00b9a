#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "rewriter/write_target.h"
#include "tests/rewriter/temp_dir.h"

using forklift::resolve_write_target;
using forklift::WriteRefusal;
using forklift::WriteTarget;

namespace fs = std::filesystem;

namespace {

std::string refusal_of(const std::variant<WriteTarget, WriteRefusal>& result) {
  auto* refusal = std::get_if<WriteRefusal>(&result);
  return refusal ? refusal->reason : "";
}

}  // namespace

TEST_CASE("a plain file is written where it is", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh";
  std::ofstream(path) << "x\n";
  std::vector<std::string> roots{path};
  auto result = resolve_write_target(path, roots, false);
  REQUIRE(std::holds_alternative<WriteTarget>(result));
  CHECK(std::get<WriteTarget>(result).path == path);
}

TEST_CASE("a symlink is followed only into the paths given", "[rewriter]") {
  forklift::test::TempDir dir;
  fs::create_directories(dir.path() + "/project/lib");
  fs::create_directories(dir.path() + "/elsewhere");
  std::string inside = dir.path() + "/project/lib/real.sh", outside = dir.path() + "/elsewhere/real.sh";
  std::ofstream(inside) << "x\n";
  std::ofstream(outside) << "x\n";
  std::string link_in = dir.path() + "/project/in.sh", link_out = dir.path() + "/project/out.sh";
  fs::create_symlink("lib/real.sh", link_in);
  fs::create_symlink(outside, link_out);
  std::vector<std::string> roots{dir.path() + "/project"};

  auto followed = resolve_write_target(link_in, roots, false);
  REQUIRE(std::holds_alternative<WriteTarget>(followed));
  CHECK(std::get<WriteTarget>(followed).path == fs::canonical(inside).string());

  CHECK(refusal_of(resolve_write_target(link_out, roots, false)).find("outside the paths given") != std::string::npos);
  CHECK(refusal_of(resolve_write_target(link_out, roots, true)).find("outside the paths given") != std::string::npos);
  std::vector<std::string> both{dir.path() + "/project", outside};
  CHECK(std::holds_alternative<WriteTarget>(resolve_write_target(link_out, both, false)));
}

TEST_CASE("a file with several hard links needs --force", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh", other = dir.path() + "/other.sh";
  std::ofstream(path) << "x\n";
  fs::create_hard_link(path, other);
  std::vector<std::string> roots{dir.path()};
  CHECK(refusal_of(resolve_write_target(path, roots, false)).find("2 hard links") != std::string::npos);
  CHECK(std::holds_alternative<WriteTarget>(resolve_write_target(path, roots, true)));
}

TEST_CASE("directories and devices are not written", "[rewriter]") {
  forklift::test::TempDir dir;
  std::vector<std::string> roots{dir.path()};
  CHECK(refusal_of(resolve_write_target(dir.path(), roots, true)).find("not a regular file") != std::string::npos);
  std::vector<std::string> dev{"/dev/null"};
  CHECK(refusal_of(resolve_write_target("/dev/null", dev, true)).find("not a regular file") != std::string::npos);
}
