// `forklift run`: how scripts are given, exit statuses, and process counts.
#include <catch2/catch.hpp>

#include "tests/support/run_forklift.h"

using forklift::test::run_forklift;

namespace {

// The number printed by --stats.
long spawned(const std::string& err) {
  auto pos = err.find("processes spawned: ");
  if (pos == std::string::npos) return -1;
  return std::stol(err.substr(pos + 19));
}

}  // namespace

TEST_CASE("run -c executes commands with $0 and arguments") {
  auto r = run_forklift({"run", "-c", "echo \"$0 $1 $#\"", "name", "first", "second"});
  CHECK(r.status == 0);
  CHECK(r.out == "name first 2\n");
}

TEST_CASE("run reads the script from stdin without a file") {
  auto r = run_forklift({"run"}, "echo from-stdin\nexit 4\n");
  CHECK(r.out == "from-stdin\n");
  CHECK(r.status == 4);
}

TEST_CASE("run reports a missing script file") {
  auto r = run_forklift({"run", "/nonexistent/script.ksh"});
  CHECK(r.status == 127);
  CHECK(r.err.find("/nonexistent/script.ksh") != std::string::npos);
}

TEST_CASE("a syntax error exits with status 3 and names the line") {
  auto r = run_forklift({"run", "-c", "echo a\nif then\n"});
  CHECK(r.status == 3);
  CHECK(r.err.find("line 2") != std::string::npos);
}

TEST_CASE("command substitutions and subshells of builtins spawn nothing") {
  auto r = run_forklift({"run", "--stats", "-c", "for i in 1 2 3; do x=$(echo $i); (y=$x); done; echo $x"});
  CHECK(r.out == "3\n");
  CHECK(spawned(r.err) == 0);
}

TEST_CASE("each external command is one spawn") {
  auto r = run_forklift({"run", "--stats", "-c", "true; /bin/true; x=$(/bin/echo hi); echo $x"});
  CHECK(r.out == "hi\n");
  CHECK(spawned(r.err) == 2);
}

TEST_CASE("a pipeline of externals spawns one process per stage but the last runs in the shell") {
  auto r = run_forklift({"run", "--stats", "-c", "echo abc | tr a-z A-Z | read x; echo $x"});
  CHECK(r.out == "ABC\n");
  CHECK(spawned(r.err) == 2);
}

TEST_CASE("run runs an operand that names no file as a command line, as ksh93 does") {
  auto r = run_forklift({"run", "echo $0 $1", "a", "b"});
  CHECK(r.out == "echo $0 $1 a a b\n");
  CHECK(r.status == 0);
}
