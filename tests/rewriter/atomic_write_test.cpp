#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "rewriter/atomic_write.h"
#include "tests/rewriter/temp_dir.h"

using forklift::replace_file_atomically;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

struct stat stat_of(const std::string& path) {
  struct stat st {};
  REQUIRE(stat(path.c_str(), &st) == 0);
  return st;
}

size_t entries_in(const std::string& dir) {
  auto it = std::filesystem::directory_iterator(dir);
  return static_cast<size_t>(std::distance(it, std::filesystem::directory_iterator{}));
}

}  // namespace

TEST_CASE("the new text replaces the old, keeping mode and owner", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.ksh";
  spit(path, "old\n");
  REQUIRE(chown(path.c_str(), 1234, 4321) == 0);  // the tests run as root
  REQUIRE(chmod(path.c_str(), 04751) == 0);
  auto inode_before = stat_of(path).st_ino;

  CHECK_FALSE(replace_file_atomically(path, "old\n", "new\r\nno final newline"));
  CHECK(slurp(path) == "new\r\nno final newline");
  auto st = stat_of(path);
  CHECK((st.st_mode & 07777) == 04751);
  CHECK(st.st_uid == 1234u);
  CHECK(st.st_gid == 4321u);
  CHECK(st.st_ino != inode_before);  // renamed into place, not rewritten
  CHECK(entries_in(dir.path()) == 1);  // no temporary file left
}

TEST_CASE("a file changed since it was read is not written", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh";
  spit(path, "edited by someone else\n");
  auto refusal = replace_file_atomically(path, "what we read\n", "fixed\n");
  REQUIRE(refusal);
  CHECK(refusal->find("changed on disk") != std::string::npos);
  CHECK(slurp(path) == "edited by someone else\n");
  CHECK(entries_in(dir.path()) == 1);
}

TEST_CASE("a read-only file is refused even where rename could replace it", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh";
  spit(path, "old\n");
  REQUIRE(chmod(path.c_str(), 0444) == 0);
  auto refusal = replace_file_atomically(path, "old\n", "new\n");
  REQUIRE(refusal);
  CHECK(refusal->find("read-only") != std::string::npos);
  CHECK(slurp(path) == "old\n");
}

TEST_CASE("symlinks and missing files are refused", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string target = dir.path() + "/t.sh", link = dir.path() + "/l.sh";
  spit(target, "old\n");
  std::filesystem::create_symlink(target, link);
  CHECK(replace_file_atomically(link, "old\n", "new\n"));
  CHECK(replace_file_atomically(dir.path() + "/missing.sh", "", "new\n"));
  CHECK(slurp(target) == "old\n");
}

TEST_CASE("a full disk leaves the old file and no temporary file", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh";
  spit(path, "old\n");
  std::string big(1 << 20, 'x');
  // A file size limit makes write() fail like a full disk; in a child, so the
  // limit does not outlive the test.
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    signal(SIGXFSZ, SIG_IGN);
    rlimit limit{4096, 4096};
    setrlimit(RLIMIT_FSIZE, &limit);
    auto refusal = replace_file_atomically(path, "old\n", big);
    _exit(refusal && refusal->find("cannot write") != std::string::npos ? 0 : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(slurp(path) == "old\n");
  CHECK(entries_in(dir.path()) == 1);
}

TEST_CASE("killing the writer at any moment leaves the old or the new file", "[rewriter]") {
  forklift::test::TempDir dir;
  std::string path = dir.path() + "/s.sh";
  const std::string a(200000, 'a'), b(300000, 'b');
  spit(path, a);
  for (int attempt = 0; attempt < 20; ++attempt) {
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      // Flip between the two texts until killed.
      for (bool to_b = slurp(path) == a;; to_b = !to_b) {
        if (replace_file_atomically(path, to_b ? a : b, to_b ? b : a)) _exit(1);
      }
    }
    usleep(static_cast<useconds_t>(1000 + attempt * 1500));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));  // the writer never gave up on its own
    std::string now = slurp(path);
    CHECK((now == a || now == b));
  }
}
