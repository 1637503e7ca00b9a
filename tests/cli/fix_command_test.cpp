#include <cctype>
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "tests/cli/fix_samples.h"
#include "tests/support/run_forklift.h"
#include "tests/rewriter/temp_dir.h"

using forklift::test::read_file;
using forklift::test::run_forklift;
using forklift::test::TempDir;
using forklift::test::write_file;

namespace fs = std::filesystem;

namespace {

// A counter advanced with expr: FL101 rewrites it safely (the counter is
// provably an integer and the assignment's status is not used).
const std::string kFixable = "#!/bin/sh\ni=0\ni=$(expr $i + 1)\necho \"$i\"\n";
const std::string kFixed = "#!/bin/sh\ni=0\ni=$((i + 1))\necho \"$i\"\n";

}  // namespace

TEST_CASE("fix rewrites a file in place and summarises per rule", "[cli][fix]") {
  TempDir dir;
  std::string path = dir.path() + "/count.sh";
  write_file(path, kFixable);
  auto r = run_forklift({"fix", path});
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(read_file(path) == kFixed);
  CHECK(r.err.find("Applied 1 fix in 1 file:") != std::string::npos);
  CHECK(r.err.find("FL101") != std::string::npos);
}

TEST_CASE("fixing a fixed file changes nothing", "[cli][fix]") {
  TempDir dir;
  std::string path = dir.path() + "/count.sh";
  write_file(path, kFixed);
  auto r = run_forklift({"fix", path});
  CHECK(r.status == 0);
  CHECK(read_file(path) == kFixed);
  CHECK(r.err.find("No fixes applied.") != std::string::npos);
}

TEST_CASE("fix --diff prints a unified diff, writes nothing and exits 1", "[cli][fix]") {
  TempDir dir;
  std::string path = dir.path() + "/count.sh";
  write_file(path, kFixable);
  auto r = run_forklift({"fix", "--diff", path});
  CHECK(r.status == 1);
  CHECK(read_file(path) == kFixable);
  CHECK(r.out == "--- " + path + "\n+++ " + path + "\n@@ -1,4 +1,4 @@\n #!/bin/sh\n i=0\n-i=$(expr $i + 1)\n+i=$((i + 1))\n echo \"$i\"\n");
  CHECK(r.err.find("Would apply 1 fix in 1 file:") != std::string::npos);

  write_file(path, kFixed);
  auto clean = run_forklift({"fix", "--diff", path});
  CHECK(clean.status == 0);
  CHECK(clean.out.empty());
}

TEST_CASE("fix - reads stdin and writes the fixed text to stdout", "[cli][fix]") {
  auto r = run_forklift({"fix", "--stdin-filename", "count.sh", "-"}, kFixable);
  CHECK(r.status == 0);
  CHECK(r.out == kFixed);
  auto diff = run_forklift({"fix", "--diff", "--stdin-filename", "count.sh", "-"}, kFixable);
  CHECK(diff.status == 1);
  CHECK(diff.out.find("+++ count.sh\n") != std::string::npos);
}

TEST_CASE("fix keeps CRLF line endings, comments and a missing final newline", "[cli][fix]") {
  std::string text = "#!/bin/sh\r\n# count `things`\r\ni=0\r\ni=$(expr $i + 1) # bump\r\necho \"$i\"";
  std::string expected = "#!/bin/sh\r\n# count `things`\r\ni=0\r\ni=$((i + 1)) # bump\r\necho \"$i\"";
  auto r = run_forklift({"fix", "--stdin-filename", "c.sh", "-"}, text);
  CHECK(r.status == 0);
  CHECK(r.out == expected);
}

TEST_CASE("fix --select, --ignore and --extend-select choose the rules whose fixes apply", "[cli][fix]") {
  auto ignored = run_forklift({"fix", "--ignore", "FL101", "--stdin-filename", "c.sh", "-"}, kFixable);
  CHECK(ignored.out == kFixable);
  auto other = run_forklift({"fix", "--select", "FL2", "--stdin-filename", "c.sh", "-"}, kFixable);
  CHECK(other.out == kFixable);
  auto chosen = run_forklift({"fix", "--select", "FL2", "--extend-select", "FL101", "--stdin-filename", "c.sh", "-"},
                             kFixable);
  CHECK(chosen.out == kFixed);
}

TEST_CASE("a rule list takes one argument so the paths after it stay paths", "[cli][fix]") {
  TempDir dir;
  std::string script = dir.path() + "/count.sh";
  write_file(script, kFixable);
  auto r = run_forklift({"fix", "--diff", "--ignore", "FL2", script});
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(r.out.find("+i=$((i + 1))") != std::string::npos);
  auto bad = run_forklift({"fix", "--select", "FLX", script});
  CHECK(bad.status == 2);
  CHECK(bad.err.find("--select: unknown rule selector `FLX`") != std::string::npos);
  CHECK(read_file(script) == kFixable);
}

TEST_CASE("fix --diff of many files prints their diffs in path order", "[cli][fix]") {
  // The files are fixed on all cores; what is printed must not depend on which finished first.
  TempDir dir;
  std::string expected;
  for (int i = 0; i < 24; ++i) {
    std::string name = fmt::format("{}/s{:02}.sh", dir.path(), i);
    write_file(name, fmt::format("#!/bin/sh\ni=$(expr {} + 1)\necho \"$i\"\n", i));
    expected += fmt::format("--- {0}\n+++ {0}\n@@ -1,3 +1,3 @@\n #!/bin/sh\n-i=$(expr {1} + 1)\n+i=$(({1} + 1))\n "
                            "echo \"$i\"\n",
                            name, i);
  }
  auto r = run_forklift({"fix", "--diff", dir.path()});
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(r.out == expected);
  CHECK(r.err.find("Would apply 24 fixes in 24 files") != std::string::npos);
}

TEST_CASE("bad paths get their own errors while the other files are fixed", "[cli][fix]") {
  TempDir dir;
  fs::create_directories(dir.path() + "/empty");
  write_file(dir.path() + "/empty/notes.txt", "not a script\n");
  std::string binary = dir.path() + "/tool.sh";
  write_file(binary, std::string("\x7f" "ELF\0\0\0", 7));
  std::string good = dir.path() + "/count.sh";
  write_file(good, kFixable);

  auto r = run_forklift({"fix", dir.path() + "/missing.sh", dir.path() + "/empty", binary, good});
  CHECK(r.status == 2);
  CHECK(r.err.find("missing.sh: No such file or directory") != std::string::npos);
  CHECK(r.err.find("empty: no shell scripts found") != std::string::npos);
  CHECK(r.err.find("tool.sh: not a shell script") != std::string::npos);
  CHECK(read_file(good) == kFixed);
  CHECK(r.err.find("3 files could not be fixed") != std::string::npos);
}

TEST_CASE("read-only files, outside symlinks and hard links are not written", "[cli][fix]") {
  TempDir dir, outside;
  std::string read_only = dir.path() + "/ro.sh";
  write_file(read_only, kFixable);
  chmod(read_only.c_str(), 0444);
  std::string target = outside.path() + "/real.sh";
  write_file(target, kFixable);
  fs::create_symlink(target, dir.path() + "/link.sh");
  std::string linked = dir.path() + "/linked.sh";
  write_file(linked, kFixable);
  fs::create_hard_link(linked, outside.path() + "/other-name.sh");

  auto r = run_forklift({"fix", dir.path()});
  CHECK(r.status == 2);
  CHECK(r.err.find("ro.sh: read-only file") != std::string::npos);
  CHECK(r.err.find("link.sh: symlink to") != std::string::npos);
  CHECK(r.err.find("linked.sh: has 2 hard links") != std::string::npos);
  CHECK(read_file(read_only) == kFixable);
  CHECK(read_file(target) == kFixable);
  CHECK(read_file(linked) == kFixable);

  auto forced = run_forklift({"fix", "--force", linked});
  CHECK(forced.status == 0);
  CHECK(read_file(linked) == kFixed);
  CHECK(read_file(outside.path() + "/other-name.sh") == kFixable);  // the other name keeps the old text
}

TEST_CASE("a symlink into the given paths is fixed through to its target", "[cli][fix]") {
  TempDir dir;
  fs::create_directories(dir.path() + "/lib");
  write_file(dir.path() + "/lib/real.sh", kFixable);
  fs::create_symlink("lib/real.sh", dir.path() + "/link.sh");
  auto r = run_forklift({"fix", dir.path() + "/link.sh", dir.path() + "/lib"});
  CHECK(r.status == 0);
  CHECK(fs::is_symlink(dir.path() + "/link.sh"));
  CHECK(read_file(dir.path() + "/lib/real.sh") == kFixed);
}

TEST_CASE("a file with syntax errors is not fixed", "[cli][fix]") {
  // The unterminated `if` is reported at the end of the file, the unmatched
  // quote on its own line: neither says where the damage ends.
  for (std::string text : {"#!/bin/sh\ni=0\ni=$(expr $i + 1)\n\n\nj=0\nif j=$(expr $j + 1); then\n",
                           "#!/bin/sh\necho \"abc\nb=$(expr 1 + 2)\nc=3\n"}) {
    auto r = run_forklift({"fix", "--stdin-filename", "broken.sh", "-"}, text);
    CHECK(r.out == text);
    CHECK(r.err.find("1 file has syntax errors and was not fixed") != std::string::npos);
  }
}

TEST_CASE("unknown shells and mixing - with paths are usage errors", "[cli][fix]") {
  CHECK(run_forklift({"fix", "--shell", "fish", "-"}).status == 2);
  CHECK(run_forklift({"fix", "-", "x.sh"}).status == 2);
}

TEST_CASE("fix --diff --statistics counts the forks removed and left, per rule and per utility", "[cli][fix]") {
  TempDir dir;
  std::string path = dir.path() + "/loop.sh";
  write_file(path,
             "#!/bin/sh\nfor f in /var/log/*.log; do\n  b=$(basename \"$f\")\n  d=$(dirname \"$1\")\n  echo \"$b $d\"\ndone\n");
  auto r = run_forklift({"fix", "--isolated", "--diff", "--statistics", path});
  CHECK(r.status == 1);
  INFO(r.err);
  CHECK(r.err.find("fork statistics over 1 file") != std::string::npos);
  // basename's fix is safe (the glob proves the facts); dirname's is guarded: `dirname` stays for some values.
  CHECK(r.err.find("FL301  basename                             1 / 1           0 / 0           0 / 0") !=
        std::string::npos);
  CHECK(r.err.find("FL302  dirname                              0 / 0           1 / 1           0 / 0") !=
        std::string::npos);
  CHECK(r.err.find("  basename                  1 ->      0   100%") != std::string::npos);
  CHECK(r.err.find("  dirname                   1 ->      0     0%      1 guarded") != std::string::npos);
  CHECK(r.err.find("kept as a guarded fallback inside loops, 1 site: runs only for values starting with `-`") !=
        std::string::npos);
}

TEST_CASE("fix --statistics never prints a negative number removed", "[cli][fix]") {
  TempDir dir;
  std::string path = dir.path() + "/exposed.sh";
  // FL201 turns the backticks into `$( )`, which exposes FL302's finding inside them.
  write_file(path, "#!/bin/sh\nfor f in \"$@\"; do\n  echo `dirname \\`echo $f\\``\ndone\n");
  auto r = run_forklift({"fix", "--isolated", "--diff", "--statistics", path});
  INFO(r.err);
  CHECK(r.err.find("exposed by other fixes") != std::string::npos);
  for (size_t at = r.err.find(" -"); at != std::string::npos; at = r.err.find(" -", at + 1)) {
    CHECK_FALSE(std::isdigit(static_cast<unsigned char>(r.err[at + 2])));
  }
}
