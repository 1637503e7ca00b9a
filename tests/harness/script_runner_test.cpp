#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "harness/bench/process_count.h"
#include "harness/script_runner.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"

namespace fs = std::filesystem;
using forklift::harness::RunOutcome;
using forklift::harness::ScriptRun;

namespace {

// A script file that lives as long as the test case.
class ScriptFile {
 public:
  explicit ScriptFile(const std::string& text) : path_(fs::path(dir_.path()) / "script.sh") {
    std::ofstream(path_, std::ios::binary) << text;
  }
  const fs::path& path() const { return path_; }
  fs::path dir() const { return dir_.path(); }

 private:
  forklift::test::TempDir dir_;
  fs::path path_;
};

ScriptRun bundled(const ScriptFile& script) {
  ScriptRun run;
  run.script = script.path();
  run.forklift_binary = FORKLIFT_BINARY;
  return run;
}

}  // namespace

TEST_CASE("script runner captures stdout stderr and the exit status of the bundled interpreter") {
  ScriptFile script("echo out; echo err >&2; exit 3\n");
  RunOutcome outcome = forklift::harness::run_script(bundled(script));
  INFO(outcome.error);
  REQUIRE(outcome.ran);
  CHECK(outcome.out == "out\n");
  CHECK(outcome.err == "err\n");
  CHECK(outcome.exit_status == 3);
  CHECK(outcome.wall.count() > 0);
}

TEST_CASE("script runner passes arguments and names the script as asked") {
  ScriptFile script("echo \"$0|$#|$1|$2\"\n");
  ScriptRun run = bundled(script);
  run.args = {"a b", "*"};
  RunOutcome as_itself = forklift::harness::run_script(run);
  CHECK(as_itself.out == "../" + script.path().filename().string() + "|2|a b|*\n");
  run.script_name = "original.sh";
  RunOutcome renamed = forklift::harness::run_script(run);
  CHECK(renamed.out == "../original.sh|2|a b|*\n");
}

TEST_CASE("script runner feeds stdin from a string or from /dev/null") {
  ScriptFile script("while read -r line; do echo \"<$line>\"; done; echo end\n");
  ScriptRun run = bundled(script);
  CHECK(forklift::harness::run_script(run).out == "end\n");
  run.stdin_data = "one\ntwo\n";
  CHECK(forklift::harness::run_script(run).out == "<one>\n<two>\nend\n");
}

TEST_CASE("script runner gives a fixed environment in a fresh directory that is removed afterwards") {
  ScriptFile script(
      "echo \"$LC_ALL|$TZ|$EXTRA\"\n"
      "[ \"$HOME\" = \"$(pwd)\" ] && echo home-is-cwd\n"
      "pwd\n"
      "ls -A\n");
  ScriptRun run = bundled(script);
  run.env = {{"EXTRA", "x y"}};
  RunOutcome first = forklift::harness::run_script(run);
  RunOutcome second = forklift::harness::run_script(run);
  INFO(first.out << first.err);
  REQUIRE(first.ran);
  CHECK(first.out.starts_with("C.UTF-8|UTC|x y\nhome-is-cwd\n"));
  std::string dir = first.out.substr(first.out.find("cwd\n") + 4);
  dir = dir.substr(0, dir.find('\n'));
  CHECK(first.out.ends_with(dir + "\n"));  // `ls -A` printed nothing: the directory started empty
  CHECK(!fs::exists(dir));
  CHECK(second.out.find(dir) == std::string::npos);
}

TEST_CASE("script runner copies inputs in and collects the files left behind") {
  ScriptFile script(
      "echo changed >> data.txt\n"
      "mkdir -p out/empty sub\n"
      "echo made > sub/new.txt\n"
      "ln -s data.txt link\n");
  std::ofstream(script.dir() / "data.txt") << "original\n";
  ScriptRun run = bundled(script);
  run.inputs = {script.dir() / "data.txt"};
  RunOutcome outcome = forklift::harness::run_script(run);
  INFO(outcome.error << outcome.err);
  REQUIRE(outcome.ran);
  CHECK(outcome.files == std::map<std::string, std::string>{{"data.txt", "original\nchanged\n"},
                                                            {"link", "symlink -> data.txt"},
                                                            {"out/empty/", ""},
                                                            {"sub/new.txt", "made\n"}});
  std::ifstream original(script.dir() / "data.txt");
  std::string first_line;
  std::getline(original, first_line);
  CHECK(first_line == "original");

  run.keep_files = false;
  CHECK(forklift::harness::run_script(run).files.empty());
}

TEST_CASE("script runner cuts big files left behind and says so") {
  ScriptFile script("i=0; while [ $i -lt 1200 ]; do printf '%1023s\\n' x; i=$((i+1)); done > big\n");
  RunOutcome outcome = forklift::harness::run_script(bundled(script));
  REQUIRE(outcome.files.count("big") == 1);
  const std::string& big = outcome.files["big"];
  CHECK(big.size() < forklift::harness::kMaxFileBytes + 100);
  CHECK(big.ends_with("[forklift: cut after 1048576 of 1228800 bytes]\n"));
}

TEST_CASE("script runner reads large stdout and stderr together without blocking") {
  // 2 MB on each stream, far beyond a pipe's buffer, written alternately.
  ScriptFile script(
      "line=x; i=0; while [ $i -lt 10 ]; do line=$line$line; i=$((i+1)); done\n"
      "i=0; while [ $i -lt 2000 ]; do echo \"$line\"; echo \"$line\" >&2; i=$((i+1)); done\n");
  RunOutcome outcome = forklift::harness::run_script(bundled(script));
  INFO(outcome.error);
  REQUIRE(outcome.ran);
  CHECK(outcome.out.size() == 2000u * 1025u);
  CHECK(outcome.err.size() == 2000u * 1025u);
}

TEST_CASE("script runner kills the whole process group at the timeout") {
  ScriptFile script("echo started; sleep 30 & sleep 30; echo never\n");
  ScriptRun run = bundled(script);
  // Long enough for a sanitizer build on a loaded machine to print "started".
  run.timeout = std::chrono::milliseconds(2500);
  RunOutcome outcome = forklift::harness::run_script(run);
  CHECK(!outcome.ran);
  CHECK(outcome.error == "timed out after 2.5 s");
  CHECK(outcome.out == "started\n");
}

TEST_CASE("script runner does not wait for background jobs the script left running") {
  ScriptFile script("sleep 30 & echo done\n");
  ScriptRun run = bundled(script);
  run.timeout = std::chrono::seconds(20);
  run.count_processes = false;
  RunOutcome outcome = forklift::harness::run_script(run);
  INFO(outcome.error);
  CHECK(outcome.ran);
  CHECK(outcome.out == "done\n");
}

TEST_CASE("script runner reports a signal as 128 plus its number") {
  ScriptFile script("kill -9 $$\n");
  RunOutcome outcome = forklift::harness::run_script(bundled(script));
  CHECK(outcome.ran);
  CHECK(outcome.exit_status == 137);
}

TEST_CASE("script runner says why it could not run") {
  ScriptFile script("echo hi\n");
  ScriptRun run = bundled(script);
  run.shell = "no-such-shell-forklift";
  RunOutcome no_shell = forklift::harness::run_script(run);
  CHECK(!no_shell.ran);
  CHECK(no_shell.error == "shell not found: no-such-shell-forklift");

  run = bundled(script);
  run.script = script.dir() / "missing.sh";
  RunOutcome no_script = forklift::harness::run_script(run);
  CHECK(!no_script.ran);
  CHECK(no_script.error.find("missing.sh") != std::string::npos);

  run = bundled(script);
  run.inputs = {script.dir() / "absent.txt"};
  RunOutcome no_input = forklift::harness::run_script(run);
  CHECK(!no_input.ran);
  CHECK(no_input.error.find("absent.txt") != std::string::npos);
}

TEST_CASE("script runner runs real shells the same way") {
  ScriptFile script("echo \"$0 $1\"; echo oops >&2; exit 4\n");
  for (std::string shell : {"dash", "bash", "ksh"}) {
    if (!forklift::test::installed(shell)) {
      forklift::test::skip_for_missing_tool(shell + " is not installed");
      continue;
    }
    ScriptRun run = bundled(script);
    run.shell = shell;
    run.args = {"arg"};
    run.script_name = "named.sh";
    RunOutcome outcome = forklift::harness::run_script(run);
    INFO(shell << ": " << outcome.error);
    REQUIRE(outcome.ran);
    CHECK(outcome.out == "../named.sh arg\n");
    CHECK(outcome.err == "oops\n");
    CHECK(outcome.exit_status == 4);
    CHECK(outcome.cpu.count() >= 0);
  }
}

TEST_CASE("script runner pins RANDOM so that two runs agree") {
  ScriptFile script("echo $RANDOM $RANDOM\n");
  for (std::string shell : {"forklift", "bash", "ksh"}) {
    if (shell != "forklift" && !forklift::test::installed(shell)) {
      forklift::test::skip_for_missing_tool(shell + " is not installed");
      continue;
    }
    ScriptRun run = bundled(script);
    run.shell = shell;
    RunOutcome first = forklift::harness::run_script(run);
    RunOutcome second = forklift::harness::run_script(run);
    INFO(shell);
    CHECK(first.out == second.out);
  }
}

TEST_CASE("script runner counts the processes a script spawned") {
  std::string why;
  if (!forklift::harness::bench::process_counting_available(&why)) {
    forklift::test::skip_for_missing_tool(why);
    return;
  }
  ScriptFile script("/bin/true; /bin/true; echo $(/bin/echo x) | cat\n");
  for (std::string shell : {"dash", "bash"}) {
    if (!forklift::test::installed(shell)) {
      forklift::test::skip_for_missing_tool(shell + " is not installed");
      continue;
    }
    ScriptRun run = bundled(script);
    run.shell = shell;
    RunOutcome outcome = forklift::harness::run_script(run);
    INFO(shell << ": " << outcome.error << outcome.err);
    REQUIRE(outcome.ran);
    CHECK(outcome.out == "x\n");
    REQUIRE(outcome.processes.has_value());
    CHECK(*outcome.processes >= 4);  // two true, the substitution's echo, cat (shells may fork more)
  }
  ScriptRun run = bundled(script);
  run.count_processes = false;
  CHECK(!forklift::harness::run_script(run).processes.has_value());
}
