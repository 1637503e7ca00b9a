#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "rewriter/line_diff.h"
#include "rewriter/unified_diff.h"
#include "tests/rewriter/temp_dir.h"

using forklift::unified_diff;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// What GNU patch makes of `old_text` with our diff.
std::string patched(const forklift::test::TempDir& dir, const std::string& old_text, const std::string& diff) {
  std::string file = dir.path() + "/f", patch_file = dir.path() + "/p";
  spit(file, old_text);
  spit(patch_file, diff);
  std::string command = "patch --quiet --force " + file + " < " + patch_file + " > /dev/null 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  return slurp(file);
}

std::string random_text(std::mt19937& rng) {
  static const char* lines[] = {"a\n", "b\n", "c\r\n", "loop=`expr $loop + 1`\n", "\n", "done\n"};
  std::string text;
  int count = static_cast<int>(rng() % 14);
  for (int i = 0; i < count; ++i) text += lines[rng() % 6];
  if (rng() % 3 == 0) text += "no newline";
  return text;
}

}  // namespace

TEST_CASE("equal texts give an empty diff", "[rewriter]") { CHECK(unified_diff("a\nb\n", "a\nb\n", "x", "x").empty()); }

TEST_CASE("a one-line change prints GNU diff's hunk", "[rewriter]") {
  std::string old_text = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  std::string new_text = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  CHECK(unified_diff(old_text, new_text, "s.sh", "s.sh") ==
        "--- s.sh\n+++ s.sh\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST_CASE("distant changes get separate hunks, near ones share one", "[rewriter]") {
  std::string old_text;
  for (int i = 1; i <= 20; ++i) old_text += std::to_string(i) + "\n";
  std::string far = old_text, near = old_text;
  far.replace(far.find("2\n"), 2, "two\n");
  far.replace(far.find("19\n"), 3, "nineteen\n");
  CHECK(unified_diff(old_text, far, "a", "b") ==
        "--- a\n+++ b\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n@@ -16,5 +16,5 @@\n 16\n 17\n 18\n-19\n+nineteen\n 20\n");
  near.replace(near.find("\n5\n") + 1, 2, "five\n");
  near.replace(near.find("\n11\n") + 1, 3, "eleven\n");
  auto diff = unified_diff(old_text, near, "a", "b");
  CHECK(diff.find("@@ -2,13 +2,13 @@") != std::string::npos);
}

TEST_CASE("a missing final newline and CRLF lines are shown byte for byte", "[rewriter]") {
  CHECK(unified_diff("a\r\nb", "a\r\nc", "f", "f") ==
        "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
  CHECK(unified_diff("a\n", "a", "f", "f") ==
        "--- f\n+++ f\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n");
}

TEST_CASE("diffs from and to an empty text use GNU's empty ranges", "[rewriter]") {
  CHECK(unified_diff("", "x\n", "f", "f") == "--- f\n+++ f\n@@ -0,0 +1 @@\n+x\n");
  CHECK(unified_diff("x\ny\n", "", "f", "f") == "--- f\n+++ f\n@@ -1,2 +0,0 @@\n-x\n-y\n");
}

TEST_CASE("the line diff is minimal", "[rewriter]") {
  std::vector<std::string_view> a{"a", "b", "c", "a", "b", "b", "a"};
  std::vector<std::string_view> b{"c", "b", "a", "b", "a", "c"};
  auto ops = forklift::diff_lines(a, b);
  auto changes = std::count_if(ops.begin(), ops.end(), [](auto op) { return op != forklift::LineOp::Keep; });
  CHECK(changes == 5);  // Myers' paper: D = 5 for these sequences
}

TEST_CASE("patch turns the old text into exactly the new one", "[rewriter]") {
  forklift::test::TempDir dir;
  std::mt19937 rng(20260430);
  for (int i = 0; i < 40; ++i) {
    std::string old_text = random_text(rng), new_text = random_text(rng);
    auto diff = unified_diff(old_text, new_text, "f", "f");
    INFO("old: " << old_text << "\nnew: " << new_text << "\ndiff:\n" << diff);
    if (old_text == new_text) continue;
    CHECK(patched(dir, old_text, diff) == new_text);
  }
}
