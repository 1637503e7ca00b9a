// The sandbox of `forklift verify`, end to end through the binary: a script
// that writes outside its run directory, opens a network connection, forks
// without end, fills the disk or never ends is contained, the verdict says
// why it was stopped, and nothing is left behind. Each case also runs with
// --no-sandbox where that is harmless, to show the test can tell.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/rewriter/temp_dir.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A script and a "rewrite" that differs only by a comment, so verify runs both.
struct Hostile {
  TempDir dir;
  std::string original = dir.path() + "/hostile.sh";
  std::string fixed = dir.path() + "/hostile-fixed.sh";
  explicit Hostile(const std::string& text) {
    std::ofstream(original) << text;
    std::ofstream(fixed) << text << "# rewritten\n";
  }
};

RunResult verify(const Hostile& script, std::vector<std::string> extra) {
  std::vector<std::string> args{"timeout", "120", FORKLIFT_BINARY, "verify", script.original, "--fixed", script.fixed,
                                "--format", "json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_program(args);
}

nlohmann::json check_of(const RunResult& r, size_t shell = 0) {
  INFO(r.out << r.err);
  auto report = nlohmann::json::parse(r.out);
  return report["files"][0]["checks"][shell];
}

// The sandboxes this machine can make: the namespaces, and bubblewrap when installed.
std::vector<std::string> sandboxes() {
  std::vector<std::string> kinds{"namespaces"};
  bool bwrap = run_program({"sh", "-c", "command -v bwrap"}).status == 0;
  if (bwrap || std::getenv("FORKLIFT_REQUIRE_TOOLS") != nullptr) kinds.push_back("bubblewrap");
  return kinds;
}

// Processes whose command line holds `marker`, in the whole system.
int processes_with(const std::string& marker) {
  int found = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    try {
      std::ifstream in(entry.path() / "cmdline", std::ios::binary);
      std::string cmdline((std::istreambuf_iterator<char>(in)), {});
      if (contains(cmdline, marker)) ++found;
    } catch (const std::exception&) {
      // The process ended while it was read.
    }
  }
  return found;
}

}  // namespace

TEST_CASE("sandbox: a script cannot write outside its run directory", "[sandbox]") {
  // Outside /tmp, which the sandbox replaces: the tests' own directory.
  std::string target = (fs::current_path() / "forklift-verify-escaped.txt").string();
  fs::remove(target);
  Hostile script("echo escaped > '" + target + "'\necho in-tmp > /tmp/forklift-sandbox-probe\necho done\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind});
    CHECK(r.status == 0);
    CHECK(check_of(r)["verdict"] == "equivalent");
    CHECK_FALSE(fs::exists(target));
    CHECK_FALSE(fs::exists("/tmp/forklift-sandbox-probe"));
  }
  RunResult unconfined = verify(script, {"--no-sandbox"});
  CHECK(contains(unconfined.err, "warning: --no-sandbox"));
  CHECK(fs::exists(target));
  fs::remove(target);
  fs::remove("/tmp/forklift-sandbox-probe");
}

TEST_CASE("sandbox: a script cannot open a network connection, not even to 127.0.0.1", "[sandbox]") {
  int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::listen(listener, 16) == 0);
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  std::string port = std::to_string(ntohs(address.sin_port));
  Hostile script("exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo connected\necho done\n");
  auto connections = [&] {
    int count = 0;
    for (int fd; (fd = ::accept(listener, nullptr, nullptr)) >= 0; ++count) ::close(fd);
    return count;
  };
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind, "--shell", "bash"});
    CHECK(r.status == 0);
    CHECK(connections() == 0);
  }
  verify(script, {"--no-sandbox", "--shell", "bash"});
  CHECK(connections() > 0);
  ::close(listener);
}

TEST_CASE("sandbox: a fork bomb is bounded and ended at the timeout, leaving no process", "[sandbox]") {
  Hostile script("sleep 86397 &\nbomb() { bomb | bomb & }\nbomb\nwait\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind, "--timeout", "3", "--shell", "dash"});
    CHECK(r.status == 3);
    CHECK(check_of(r)["verdict"] == "could not run");
    CHECK(contains(check_of(r)["note"], "timed out after 3 s"));
    CHECK(processes_with("86397") == 0);
  }
}

TEST_CASE("sandbox: a script filling the disk stops at the file size limit and says so", "[sandbox]") {
  Hostile script("head -c 200000000 /dev/zero > big\necho after\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind});
    CHECK(r.status == 3);
    CHECK(check_of(r)["verdict"] == "could not run");
    CHECK(contains(check_of(r)["note"], "file size limit"));
  }
}

TEST_CASE("sandbox: a script that never ends is killed at the timeout with everything it started", "[sandbox]") {
  Hostile script("sleep 86398 &\n(sleep 86398; echo late) &\nwhile :; do :; done\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind, "--timeout", "2"});
    CHECK(r.status == 3);
    CHECK(contains(check_of(r)["note"], "timed out after 2 s"));
    CHECK(processes_with("86398") == 0);
  }
}

TEST_CASE("sandbox: an unknown sandbox is a usage error", "[sandbox]") {
  Hostile script("echo hi\n");
  RunResult r = verify(script, {"--sandbox", "chroot"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "unknown sandbox 'chroot'"));
}

TEST_CASE("sandbox: without a sandbox to be had, verify refuses to run rather than run unconfined", "[sandbox]") {
  Hostile script("echo hi\n");
  std::vector<std::string> args{FORKLIFT_BINARY, "verify", script.original, "--fixed", script.fixed,
                                "--sandbox",     "bubblewrap"};
  RunResult r = run_program(args, "", "", {{"PATH", "/nonexistent"}});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "cannot sandbox the scripts with bubblewrap: bwrap is not installed"));
  CHECK(r.out.empty());
}
