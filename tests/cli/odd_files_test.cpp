// Paths that are not regular files (FIFOs, devices, sockets, directories
// given as files) named to lint, fix and parse: a clear error naming each,
// exit status 2, the other files still processed, and never a hang. Every
// run goes through `timeout`, so that a regression fails instead of hanging.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/support/scratch_dir.h"
#include "tests/support/run_forklift.h"

using forklift::test::run_program;
using forklift::test::RunResult;
using forklift::test::ScratchDir;

namespace {

constexpr const char* kBadScript = "echo `date`\n";  // one finding with a safe fix

RunResult forklift_within_limit(std::vector<std::string> args) {
  args.insert(args.begin(), {"timeout", "60", FORKLIFT_BINARY});
  return run_program(args);
}

// A directory with one lintable script and the odd files beside it.
struct OddFiles {
  ScratchDir dir;
  std::string good = dir.write("good.sh", kBadScript);
  std::string fifo = dir / "fifo.sh";
  std::string zero = dir / "zero.sh";
  std::string socket_path = dir / "socket.sh";
  int socket_fd = -1;

  OddFiles() {
    REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
    std::filesystem::create_symlink("/dev/zero", zero);
    socket_fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    REQUIRE(socket_path.size() < sizeof address.sun_path);
    std::strcpy(address.sun_path, socket_path.c_str());
    REQUIRE(::bind(socket_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  }
  ~OddFiles() { ::close(socket_fd); }
};

void check_named(const RunResult& r, const std::string& path, const std::string& kind) {
  INFO(r.err);
  CHECK(r.err.find(path + ": not a regular file (" + kind + ")") != std::string::npos);
}

}  // namespace

TEST_CASE("odd files: lint names each path that is not a regular file, exits 2, and lints the others") {
  OddFiles files;
  RunResult r = forklift_within_limit({"lint", "--isolated", files.fifo, files.zero, files.socket_path, "/dev/null",
                                       files.good});
  CHECK(r.status == 2);
  check_named(r, files.fifo, "a FIFO");
  check_named(r, files.zero, "a character device");
  check_named(r, files.socket_path, "a socket");
  check_named(r, "/dev/null", "a character device");
  CHECK(r.out.find(files.good) != std::string::npos);
}

TEST_CASE("odd files: a directory named where a file is expected is an error naming it") {
  ScratchDir dir;
  std::string folder = dir / "folder.sh";
  std::filesystem::create_directory(folder);
  RunResult r = forklift_within_limit({"parse", folder});
  CHECK(r.status == 2);
  CHECK(r.err.find(folder + ": is a directory") != std::string::npos);
}

TEST_CASE("odd files: fix refuses them, fixes the others, and leaves the odd ones as they were") {
  OddFiles files;
  RunResult r = forklift_within_limit({"fix", "--isolated", files.fifo, files.zero, files.good});
  CHECK(r.status == 2);
  check_named(r, files.fifo, "a FIFO");
  check_named(r, files.zero, "a character device");
  struct stat st {};
  REQUIRE(::lstat(files.fifo.c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
  CHECK(std::filesystem::read_symlink(files.zero) == "/dev/zero");
  std::ifstream fixed(files.good);
  CHECK(std::string(std::istreambuf_iterator<char>(fixed), {}) == "echo $(date)\n");
}

TEST_CASE("odd files: fix --diff and parse do not block on a FIFO either") {
  OddFiles files;
  RunResult diff = forklift_within_limit({"fix", "--isolated", "--diff", files.fifo, files.good});
  CHECK(diff.status == 2);
  check_named(diff, files.fifo, "a FIFO");
  CHECK(diff.out.find("+++ " + files.good) != std::string::npos);
  RunResult parse = forklift_within_limit({"parse", files.fifo});
  CHECK(parse.status == 2);
  check_named(parse, files.fifo, "a FIFO");
}

TEST_CASE("odd files: a forklift.toml or .gitignore that is a FIFO is passed over, unread, while walking") {
  ScratchDir dir;
  std::string good = dir.write("sub/good.sh", kBadScript);
  REQUIRE(::mkfifo((dir / "sub/.gitignore").c_str(), 0644) == 0);
  REQUIRE(::mkfifo((dir / "sub/forklift.toml").c_str(), 0644) == 0);
  RunResult r = forklift_within_limit({"lint", dir.path()});
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(r.out.find(good) != std::string::npos);
}

TEST_CASE("odd files: a --config that is a FIFO is an error naming it") {
  ScratchDir dir;
  std::string good = dir.write("good.sh", kBadScript);
  std::string config = dir / "config.toml";
  REQUIRE(::mkfifo(config.c_str(), 0644) == 0);
  RunResult r = forklift_within_limit({"lint", "--config", config, good});
  CHECK(r.status == 2);
  CHECK(r.err.find(config + ": cannot read config file: not a regular file (a FIFO)") != std::string::npos);
}
