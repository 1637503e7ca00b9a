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

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "harness/sandbox/resource_limits.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/failing_bwrap.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

using namespace forklift::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A script and a "rewrite" that differs only by a comment, so verify runs
// both; or a rewrite of its own.
struct Hostile {
  TempDir dir;
  std::string original = dir.path() + "/hostile.sh";
  std::string fixed = dir.path() + "/hostile-fixed.sh";
  explicit Hostile(const std::string& text) : Hostile(text, text + "# rewritten\n") {}
  Hostile(const std::string& text, const std::string& rewritten) {
    std::ofstream(original) << text;
    std::ofstream(fixed) << rewritten;
  }
};

RunResult verify(const Hostile& script, std::vector<std::string> extra, const Environment& env = {}) {
  std::vector<std::string> args{"timeout", "120", FORKLIFT_BINARY, "verify", script.original, "--fixed", script.fixed,
                                "--format", "json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_program(args, "", "", env);
}

nlohmann::json check_of(const RunResult& r, size_t shell = 0) {
  INFO(r.out << r.err);
  auto report = nlohmann::json::parse(r.out);
  return report["files"][0]["checks"][shell];
}

// The sandboxes this machine can make: the namespaces, and bubblewrap when installed.
std::vector<std::string> sandboxes() {
  std::vector<std::string> kinds{"namespaces"};
  if (installed("bwrap")) {
    kinds.emplace_back("bubblewrap");
  } else {
    skip_for_missing_tool("bwrap is not installed");
  }
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

// The bomb starts in a subshell, so that the script's own shell forks only
// before the bomb exists: dash forks each stage of `bomb | bomb &` itself,
// and when the first stage's progeny takes the last process slot before the
// second fork, a non-interactive dash exits on "Cannot fork". That run then
// ends before the timeout, and the check is "different" (only one run ran).
TEST_CASE("sandbox: a fork bomb is bounded and ended at the timeout, leaving no process", "[sandbox]") {
  Hostile script("sleep 86397 &\nbomb() { bomb | bomb & }\n(bomb) &\nwait\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind, "--timeout", "3", "--shell", "dash"});
    CHECK(r.status == 3);
    CHECK(check_of(r)["verdict"] == "could not run");
    CHECK(contains(check_of(r)["note"], "timed out after 3 s"));
    CHECK(processes_with("86397") == 0);
  }
}

// The kernel exempts root from RLIMIT_NPROC, and CI runs as root: the limit
// holds only because the script is not root outside. A bounded loop, so that
// a limit that does not hold costs the machine no more than this many.
TEST_CASE("sandbox: a script starts no more processes than the limit, even as root", "[sandbox]") {
  constexpr uint64_t kTries = forklift::harness::kSandboxProcesses + 150;
  Hostile script("i=0\nwhile [ $i -lt " + std::to_string(kTries) + " ]; do sleep 86396 & i=$((i+1)); echo $i; done\n",
                 "echo never\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind << " as uid " << geteuid());
    RunResult r = verify(script, {"--sandbox", kind, "--shell", "dash", "--timeout", "20"});
    nlohmann::json dash = check_of(r, 1);
    REQUIRE(dash["shell"] == "dash");
    REQUIRE(dash["verdict"] == "different");
    std::string out = dash["differences"][0]["original"];
    uint64_t started = static_cast<uint64_t>(std::count(out.begin(), out.end(), '\n'));
    // dash stops at the first fork refused; the shell counts too.
    CHECK(started < forklift::harness::kSandboxProcesses);
    CHECK(started > forklift::harness::kSandboxProcesses / 2);
    CHECK(contains(dash["differences"][1]["original"], "Cannot fork"));
    CHECK(processes_with("86396") == 0);
  }
}

TEST_CASE("sandbox: the script sees the sandbox's process limit", "[sandbox]") {
  // Equivalent exactly when `ulimit -u` prints the limit.
  std::string limit = std::to_string(forklift::harness::kSandboxProcesses);
  Hostile script("ulimit -u\n", "echo " + limit + "\n");
  for (const std::string& kind : sandboxes()) {
    INFO(kind);
    RunResult r = verify(script, {"--sandbox", kind, "--shell", "bash"});
    CHECK(check_of(r, 1)["verdict"] == "equivalent");
  }
  RunResult unconfined = verify(script, {"--no-sandbox", "--shell", "bash"});
  CHECK(check_of(unconfined, 1)["verdict"] == "different");
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

TEST_CASE("sandbox: a bwrap that fails to set the sandbox up is an error, with no verdict on the script", "[sandbox]") {
  std::string real = find_program("bwrap");
  if (real.empty()) {
    skip_for_missing_tool("bwrap is not installed");
    return;
  }
  Hostile script("exit 1\n");
  TempDir bin;
  FailingBwrap bwrap(bin.path(), "bwrap: Creating new namespace failed: Operation not permitted", real);
  const char* path = std::getenv("PATH");
  RunResult r = verify(script, {"--sandbox", "bubblewrap"}, {{"PATH", bin.path() + ":" + (path ? path : "")}});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "cannot set up the sandbox (bubblewrap): bwrap: Creating new namespace failed"));
  CHECK(check_of(r)["verdict"] == "could not run");
}

TEST_CASE("sandbox: --no-sandbox probes no sandbox, and excludes --sandbox", "[sandbox]") {
  Hostile script("echo hi\n");
  TempDir bin;
  FailingBwrap bwrap(bin.path(), "bwrap: never to be run");
  const char* path = std::getenv("PATH");
  Environment env{{"PATH", bin.path() + ":" + (path ? path : "")}};
  RunResult unconfined = verify(script, {"--no-sandbox"}, env);
  CHECK(unconfined.status == 0);
  CHECK_FALSE(bwrap.called());
  // The same bwrap is run by the probe otherwise: the check above can fail.
  verify(script, {"--sandbox", "auto"}, env);
  CHECK(bwrap.called());

  RunResult both = verify(script, {"--sandbox", "bubblewrap", "--no-sandbox"});
  CHECK(both.status == 2);
  CHECK(contains(both.err, "excludes"));
}
