// `forklift verify` on hand-made scripts: differences, timeouts, bad input,
// JSON output.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/cli/fix_samples.h"
#include "tests/support/run_forklift.h"
#include "tests/rewriter/temp_dir.h"

using namespace forklift::test;

namespace {

constexpr int kDifferent = 1;
constexpr int kUsage = 2;
constexpr int kCouldNotRun = 3;

struct Pair {
  TempDir dir;
  std::string original, fixed;
  Pair(const std::string& original_text, const std::string& fixed_text) {
    original = dir.path() + "/script.sh";
    fixed = dir.path() + "/other-name.sh";
    write_file(original, original_text);
    write_file(fixed, fixed_text);
  }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `forklift verify ORIGINAL --fixed FIXED EXTRA…`
RunResult verify_pair(const Pair& pair, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"verify", pair.original, "--fixed", pair.fixed};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_forklift(args);
}

}  // namespace

TEST_CASE("verify reports a wrong rewrite as different with a diff of what differed", "[verify]") {
  Pair pair("echo one\necho two > out.txt\nexit 0\n", "echo one\necho 2 > out.txt\nexit 4\n");
  RunResult r = verify_pair(pair);
  INFO(r.out << r.err);
  CHECK(r.status == kDifferent);
  CHECK(contains(r.out, pair.original + " [forklift]: different in exit status, file out.txt\n"));
  CHECK(contains(r.out, "exit status: 0 (original) -> 4 (rewritten)\n"));
  CHECK(contains(r.out, "--- " + pair.original + " file out.txt (original)\n"));
  CHECK(contains(r.out, "-two\n+2\n"));
  CHECK(r.out.ends_with("1 file verified: 1 different\n"));
}

TEST_CASE("verify runs both scripts under the original's name", "[verify]") {
  // Different files, same behaviour: $0 and the shell's own messages agree.
  Pair pair("echo \"$0\" >&2\nno_such_command_forklift\n", "echo \"$0\" >&2\nno_such_command_forklift # rewritten\n");
  RunResult r = verify_pair(pair, {"--shell", "dash"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "[forklift]: equivalent\n"));
  CHECK(contains(r.out, "[dash]: equivalent\n"));
}

TEST_CASE("verify passes arguments stdin environment and input files to both scripts", "[verify]") {
  Pair pair("read -r line; echo \"$1|$line|$NAME\"; cat data\n", "read -r line\necho \"$1|$line|$NAME\"; cat data\n");
  write_file(pair.dir.path() + "/stdin.txt", "from stdin\n");
  write_file(pair.dir.path() + "/data", "data file\n");
  RunResult r = verify_pair(pair, {"--arg=-x y", "--stdin",
                              pair.dir.path() + "/stdin.txt", "--env", "NAME=value", "--input", pair.dir.path() + "/data",
                              "--format", "json"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  auto report = nlohmann::json::parse(r.out);
  CHECK(report["files"][0]["verdict"] == "equivalent");

  // The original prints what it was given, so a rewrite printing constants checks that the inputs arrived.
  Pair constant("read -r line; echo \"$1|$line|$NAME\"; cat data\n", "echo '-x y|from stdin|value'; echo 'data file'\n");
  write_file(constant.dir.path() + "/stdin.txt", "from stdin\n");
  write_file(constant.dir.path() + "/data", "data file\n");
  r = verify_pair(constant, {"--arg=-x y", "--stdin",
                    constant.dir.path() + "/stdin.txt", "--env", "NAME=value", "--input", constant.dir.path() + "/data"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
}

TEST_CASE("verify gives a script that reads stdin /dev/null", "[verify]") {
  Pair pair("read -r line; echo \"status $?\"\n", "read -r line\necho \"status $?\"\n");
  RunResult r = verify_pair(pair, {"--timeout", "20"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
}

TEST_CASE("verify stops an endless loop at the timeout and says it could not run", "[verify]") {
  Pair pair("while :; do :; done\n", "while :; do :; done # rewritten\n");
  RunResult r = verify_pair(pair, {"--timeout", "0.3"});
  INFO(r.out << r.err);
  CHECK(r.status == kCouldNotRun);
  CHECK(contains(r.out, "[forklift]: could not run (timed out after 0.3 s)\n"));
}

TEST_CASE("verify says it could not run a script that needs a bash builtin the interpreter lacks", "[verify]") {
  Pair pair("mapfile -t lines < /etc/hostname\necho \"${#lines[@]}\"\n",
            "mapfile -t lines < /etc/hostname\necho \"${#lines[@]}\" # rewritten\n");
  RunResult r = verify_pair(pair);
  INFO(r.out << r.err);
  CHECK(r.status == kCouldNotRun);
  CHECK(contains(r.out, "[forklift]: could not run (the bundled interpreter has no `mapfile` (bash builtin); "
                        "verify with --shell bash)\n"));
}

TEST_CASE("verify says a bash script ran as ksh93 unless bash was asked for too", "[verify]") {
  TempDir dir;
  std::string script = dir.path() + "/count.bash";
  write_file(script, "#!/bin/bash\ni=$(expr 1 + 2)\necho \"$i\"\n");
  RunResult alone = run_forklift({"verify", script});
  INFO(alone.out << alone.err);
  CHECK(alone.status == 0);
  CHECK(contains(alone.out, "[forklift]: equivalent (ran as ksh93; this is a bash script: add --shell bash to run it "
                            "under bash)\n"));
  RunResult with_bash = run_forklift({"verify", script, "--shell", "bash"});
  CHECK(with_bash.status == 0);
  CHECK(contains(with_bash.out, "[forklift]: equivalent\n"));
  CHECK(contains(with_bash.out, "[bash]: equivalent\n"));
}

TEST_CASE("verify calls a rewrite that hangs where the original ends different", "[verify]") {
  // The original must finish within the timeout even in a sanitizer build on a loaded machine.
  Pair pair("echo done\n", "while :; do :; done\n");
  RunResult r = verify_pair(pair, {"--timeout", "3"});
  INFO(r.out << r.err);
  CHECK(r.status == kDifferent);
  CHECK(contains(r.out, "run: ran, exit status 0 (original) -> timed out after 3 s (rewritten)\n"));
}

TEST_CASE("verify calls output that changes from run to run flaky and different", "[verify]") {
  // A counter outside the run directory (so unconfined: the sandbox would
  // refuse the write): runs 1 (original, rewrite) print 0 0, runs 2 print 1 1.
  Pair pair("n=$(cat \"$COUNTER\"); echo $((n + 1)) > \"$COUNTER\"; echo $((n / 2))\n",
            "n=$(cat \"$COUNTER\")\necho $((n + 1)) > \"$COUNTER\"; echo $((n / 2))\n");
  std::string counter = pair.dir.path() + "/counter";
  write_file(counter, "0\n");
  RunResult r = verify_pair(pair, {"--runs", "3", "--env", "COUNTER=" + counter, "--no-sandbox"});
  INFO(r.out << r.err);
  CHECK(r.status == kDifferent);
  CHECK(contains(r.out, "different in stdout of the original (run 1 vs run 2), stdout of the rewritten script (run 1 vs run 2) (flaky"));
}

TEST_CASE("verify says when there is nothing to rewrite", "[verify]") {
  Pair pair("echo \"$1\"\n", "");
  RunResult r = run_forklift({"verify", pair.original});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(r.out == pair.original + ": equivalent (nothing to rewrite)\n1 file verified: 1 equivalent\n");
}

TEST_CASE("verify computes the rewrite itself and reports the fixes", "[verify]") {
  Pair pair("i=0\nwhile [ $i -lt 3 ]; do i=`expr $i + 1`; echo $i; done\n", "");
  RunResult r = run_forklift({"verify", pair.original, "--format", "json"});
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  auto file = nlohmann::json::parse(r.out)["files"][0];
  CHECK(file["changed"] == true);
  CHECK(file["fixed"].is_null());
  CHECK(!file["fixes"].empty());
}

TEST_CASE("verify computes the rewrite with the rules chosen by --select and --ignore", "[verify]") {
  TempDir dir;
  std::string script = dir.path() + "/count.sh";
  write_file(script, "i=0\ni=$(expr $i + 1)\nbase=$(basename /a/b.txt)\necho \"$i $base\"\n");
  RunResult only = run_forklift({"verify", "--select", "FL101", script});
  INFO(only.out << only.err);
  CHECK(only.status == 0);
  CHECK(contains(only.out, "rewrite (fixes: FL101)\n"));
  RunResult ignored = run_forklift({"verify", "--ignore", "FL1", script});
  CHECK(ignored.status == 0);
  CHECK_FALSE(contains(ignored.out, "FL101"));
  RunResult bad = run_forklift({"verify", "--ignore", "nonsense", script});
  CHECK(bad.status == kUsage);
  CHECK(contains(bad.err, "--ignore: unknown rule selector `nonsense`"));
}

TEST_CASE("verify rejects bad input with a clear error", "[verify]") {
  Pair pair("if true; then\necho x\n", "echo x\n");
  RunResult syntax = run_forklift({"verify", pair.original});
  CHECK(syntax.status == kUsage);
  CHECK(contains(syntax.err, pair.original + ":"));
  CHECK(contains(syntax.err, "syntax error"));

  RunResult missing = run_forklift({"verify", pair.dir.path() + "/absent.sh"});
  CHECK(missing.status == kUsage);
  CHECK(contains(missing.err, "absent.sh"));

  Pair good("echo x\n", "echo x\n");
  RunResult no_fixed = run_forklift({"verify", good.original, "--fixed", good.dir.path() + "/absent.sh"});
  CHECK(no_fixed.status == kUsage);
  CHECK(contains(no_fixed.err, "--fixed " + good.dir.path() + "/absent.sh"));

  RunResult bad_shell = verify_pair(good, {"--shell", "nosuchshell"});
  CHECK(bad_shell.status == kUsage);
  CHECK(contains(bad_shell.err, "--shell: unknown shell 'nosuchshell'"));

  RunResult bad_env = verify_pair(good, {"--env", "NOEQUALS"});
  CHECK(bad_env.status == kUsage);
  CHECK(contains(bad_env.err, "--env: expected NAME=VALUE"));

  RunResult two_with_fixed = run_forklift({"verify", good.original, good.fixed, "--fixed", good.fixed});
  CHECK(two_with_fixed.status == kUsage);
}

TEST_CASE("verify prints one JSON document for CI", "[verify]") {
  Pair pair("echo one\n", "echo two\n");
  RunResult r = verify_pair(pair, {"--format", "json", "--shell", "forklift"});
  INFO(r.out << r.err);
  CHECK(r.status == kDifferent);
  auto report = nlohmann::json::parse(r.out);
  REQUIRE(report["files"].size() == 1);
  auto file = report["files"][0];
  CHECK(file["path"] == pair.original);
  CHECK(file["fixed"] == pair.fixed);
  CHECK(file["verdict"] == "different");
  CHECK(file["error"] == "");
  CHECK(file["changed"] == true);
  REQUIRE(file["checks"].size() == 1);
  auto check = file["checks"][0];
  CHECK(check["shell"] == "forklift");
  CHECK(check["verdict"] == "different");
  CHECK(check["runs"] == 1);
  REQUIRE(check["differences"].size() == 1);
  auto difference = check["differences"][0];
  CHECK(difference["what"] == "stdout");
  CHECK(difference["original"] == "one\n");
  CHECK(difference["rewritten"] == "two\n");
  CHECK(contains(difference["diff"].get<std::string>(), "-one\n+two\n"));
  CHECK(report["summary"] == nlohmann::json{{"equivalent", 0}, {"different", 1}, {"could not run", 0}, {"error", 0}});
}
