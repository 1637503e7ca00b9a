// The sandbox of one run, through run_script: what a confined script may do
// (write its run directory and a private /tmp, print as usual) and what it
// may not (write anywhere else), under each sandbox this machine can make;
// and which sandbox is chosen, or why none is, from what was probed.
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "harness/sandbox/sandbox_choice.h"
#include "harness/script_runner.h"
#include "harness/sandbox/bubblewrap.h"
#include "harness/sandbox/resource_limits.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/failing_bwrap.h"
#include "tests/support/required_tools.h"

namespace fs = std::filesystem;
using forklift::harness::choose_sandbox;
using forklift::harness::SandboxKind;
using forklift::harness::SandboxProbe;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The sandboxes to test: each one this machine makes, by its name.
std::vector<std::string> available_sandboxes() {
  std::vector<std::string> kinds;
  for (const char* kind : {"namespaces", "bubblewrap"}) {
    forklift::harness::SandboxChoice choice = choose_sandbox(kind, forklift::harness::probe_sandboxes());
    if (choice.error.empty()) {
      kinds.emplace_back(kind);
    } else {
      forklift::test::skip_for_missing_tool(choice.error);
    }
  }
  return kinds;
}

forklift::harness::RunOutcome run_confined(const std::string& text, const forklift::harness::SandboxChoice& sandbox,
                                           const std::string& shell = "sh") {
  forklift::test::TempDir dir;
  fs::path script = fs::path(dir.path()) / "script.sh";
  std::ofstream(script) << text;
  forklift::harness::ScriptRun run;
  run.shell = shell;
  run.script = script;
  run.script_name = "script.sh";
  run.sandbox = sandbox;
  return forklift::harness::run_script(run);
}

forklift::harness::RunOutcome run_confined(const std::string& text, const std::string& sandbox,
                                           const std::string& shell = "sh") {
  return run_confined(text, choose_sandbox(sandbox, forklift::harness::probe_sandboxes()), shell);
}

}  // namespace

TEST_CASE("sandbox: the run directory and a private /tmp are writable, the rest is not", "[sandbox]") {
  // Outside /tmp, which the sandbox replaces: the tests' own directory.
  std::string target = (fs::current_path() / "forklift-sandbox-escaped").string();
  fs::remove(target);
  std::string text = "echo kept > here && mkdir sub && echo deep > sub/file && cat here sub/file\n"
                     "echo scratch > /tmp/forklift-sandbox-scratch && cat /tmp/forklift-sandbox-scratch\n"
                     "echo escaped > '" + target + "' || echo refused\n";
  for (const std::string& kind : available_sandboxes()) {
    INFO(kind);
    forklift::harness::RunOutcome outcome = run_confined(text, kind);
    INFO(outcome.error << outcome.err);
    REQUIRE(outcome.ran);
    CHECK(outcome.out == "kept\ndeep\nscratch\nrefused\n");
    CHECK(contains(outcome.err, "Read-only file system"));
    CHECK(outcome.files["here"] == "kept\n");
    CHECK(outcome.files["sub/file"] == "deep\n");
    CHECK_FALSE(fs::exists(target));
    CHECK_FALSE(fs::exists("/tmp/forklift-sandbox-scratch"));
  }
  // The same script unconfined does write there: the checks above can fail.
  forklift::harness::RunOutcome unconfined = run_confined(text, "none");
  CHECK(unconfined.out == "kept\ndeep\nscratch\n");
  CHECK(fs::exists(target));
  fs::remove(target);
  fs::remove("/tmp/forklift-sandbox-scratch");
}

TEST_CASE("sandbox: a network namespace of its own, with only a loopback", "[sandbox]") {
  // /proc/net/dev lists the interfaces of the reader's network namespace.
  std::string text = "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '\n";
  for (const std::string& kind : available_sandboxes()) {
    INFO(kind);
    forklift::harness::RunOutcome outcome = run_confined(text, kind);
    INFO(outcome.error << outcome.err);
    CHECK(outcome.out == "lo\n");
  }
  forklift::harness::RunOutcome unconfined = run_confined(text, "none");
  CHECK(unconfined.out != "lo\n");
}

TEST_CASE("sandbox: the script holds no CAP_SYS_ADMIN, so it cannot remount what is read-only", "[sandbox]") {
  // Run as root, the namespace's root (or bwrap's child) would otherwise keep
  // every capability: enough to remount / read-write and write root's files.
  std::string text = "effective=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status)\n"
                     "echo sys_admin=$(( (0x$effective >> 21) & 1 ))\n"
                     "mount -o remount,bind,rw / 2>/dev/null && echo remounted || echo refused\n";
  for (const std::string& kind : available_sandboxes()) {
    INFO(kind);
    forklift::harness::RunOutcome outcome = run_confined(text, kind);
    INFO(outcome.error << outcome.err);
    CHECK(outcome.out == "sys_admin=0\nrefused\n");
  }
}

TEST_CASE("sandbox: a script under /tmp without a script name runs under its file name", "[sandbox]") {
  forklift::test::TempDir dir;
  fs::path script = fs::path(dir.path()) / "script.sh";
  std::ofstream(script) << "echo \"$0\"\n";
  std::vector<std::string> kinds = available_sandboxes();
  kinds.emplace_back("none");
  for (const std::string& kind : kinds) {
    INFO(kind);
    forklift::harness::ScriptRun run;
    run.shell = "sh";
    run.script = script;
    run.sandbox = choose_sandbox(kind, forklift::harness::probe_sandboxes());
    forklift::harness::RunOutcome outcome = forklift::harness::run_script(run);
    INFO(outcome.error << outcome.err);
    CHECK(outcome.ran);
    CHECK(outcome.out == "../script.sh\n");
  }
}

TEST_CASE("sandbox: the process limit is the script's, not the sandbox's first process's", "[sandbox]") {
  // Set on what makes the sandbox, the limit would count every process the
  // user has; the sandbox's first process (PID 1 inside) shows the caller's.
  rlimit own{};
  REQUIRE(::getrlimit(RLIMIT_NPROC, &own) == 0);
  std::string callers = own.rlim_cur == RLIM_INFINITY ? "unlimited" : std::to_string(own.rlim_cur);
  std::string text = "ulimit -u\nsed -n 's/^Max processes *\\([0-9a-z]*\\).*/\\1/p' /proc/1/limits\n";
  for (const std::string& kind : available_sandboxes()) {
    INFO(kind);
    forklift::harness::RunOutcome outcome = run_confined(text, kind, "bash");
    INFO(outcome.error << outcome.err);
    std::string limit = std::to_string(forklift::harness::kSandboxProcesses);
    CHECK(outcome.out == limit + "\n" + (own.rlim_cur <= forklift::harness::kSandboxProcesses ? limit : callers) + "\n");
  }
}

TEST_CASE("sandbox: a bwrap that cannot make the sandbox is an error, not the script's exit status", "[sandbox]") {
  forklift::test::TempDir dir;
  forklift::harness::SandboxChoice choice{SandboxKind::Bubblewrap, "", forklift::test::find_program("prlimit"), ""};
  SECTION("before the sandbox exists (no child PID)") {
    forklift::test::FailingBwrap bwrap(dir.path(), "bwrap: Creating new namespace failed: Operation not permitted");
    choice.bwrap = bwrap.path;
    forklift::harness::RunOutcome outcome = run_confined("echo ran\n", choice);
    CHECK_FALSE(outcome.ran);
    CHECK(outcome.sandbox_failed);
    CHECK(outcome.error ==
          "cannot set up the sandbox (bubblewrap): bwrap: Creating new namespace failed: Operation not permitted");
  }
  SECTION("while setting it up (a child PID, then a failed mount)") {
    std::string real = forklift::test::find_program("bwrap");
    if (real.empty()) {
      forklift::test::skip_for_missing_tool("bwrap is not installed");
      return;
    }
    choice.bwrap = dir.path() + "/bwrap";
    std::ofstream(choice.bwrap) << "#!/bin/sh\nexec '" << real << "' --ro-bind /nonexistent-forklift /mnt \"$@\"\n";
    fs::permissions(choice.bwrap, fs::perms::owner_all);
    forklift::harness::RunOutcome outcome = run_confined("echo ran\n", choice);
    CHECK_FALSE(outcome.ran);
    CHECK(outcome.sandbox_failed);
    CHECK(contains(outcome.error,
                   "cannot set up the sandbox (bubblewrap): bwrap: Can't find source path /nonexistent-forklift"));
  }
}

TEST_CASE("sandbox choice: auto takes the namespaces, then bubblewrap, else refuses saying what to do") {
  SandboxProbe both{"", "/usr/bin/bwrap"};
  SandboxProbe only_bwrap{"Operation not permitted", "/usr/bin/bwrap", "/usr/bin/prlimit"};
  SandboxProbe neither{"Operation not permitted", ""};
  CHECK(choose_sandbox("auto", both).kind == SandboxKind::Namespaces);
  CHECK(choose_sandbox("auto", only_bwrap).kind == SandboxKind::Bubblewrap);
  CHECK(choose_sandbox("auto", only_bwrap).bwrap == "/usr/bin/bwrap");
  CHECK(choose_sandbox("auto", only_bwrap).prlimit == "/usr/bin/prlimit");
  CHECK(choose_sandbox("bubblewrap", both).kind == SandboxKind::Bubblewrap);

  std::string refused = choose_sandbox("auto", neither).error;
  CHECK(contains(refused, "Operation not permitted"));
  CHECK(contains(refused, "apt-get install bubblewrap"));
  CHECK(contains(refused, "--no-sandbox"));
  CHECK(contains(choose_sandbox("namespaces", only_bwrap).error, "Operation not permitted"));
  CHECK(contains(choose_sandbox("bubblewrap", neither).error, "bwrap is not installed"));
  CHECK(contains(choose_sandbox("jail", both).error, "unknown sandbox 'jail'"));

  forklift::harness::SandboxChoice none = choose_sandbox("none", neither);
  CHECK(none.error.empty());
  CHECK(none.kind == SandboxKind::None);
}

TEST_CASE("bubblewrap command: the limits are set inside the sandbox, by prlimit, on the script alone") {
  forklift::harness::ResourceLimits limits{7, 0, 9, 11};
  std::vector<std::string> command =
      forklift::harness::bubblewrap_command({"bwrap", "prlimit", "/run", "/run/work", {"sh", "x.sh"}, limits});
  auto end_of_options = std::find(command.begin(), command.end(), "--");
  REQUIRE(end_of_options != command.end());
  std::vector<std::string> inside(end_of_options + 1, command.end());
  CHECK(inside == std::vector<std::string>{"prlimit", "--cpu=7", "--nproc=9", "--fsize=11", "--core=0", "--", "sh",
                                           "x.sh"});
}
