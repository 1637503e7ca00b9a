// FORKLIFT_RANDOM_SEED pins RANDOM so that runs are reproducible.
#include <catch2/catch.hpp>

#include "tests/support/run_forklift.h"

using forklift::test::RunResult;

namespace {

RunResult run_interpreter(std::vector<std::string> args, const forklift::test::Environment& env = {}) {
  args.insert(args.begin(), "run");
  return forklift::test::run_forklift(args, "", "", env);
}

}  // namespace

TEST_CASE("FORKLIFT_RANDOM_SEED makes RANDOM reproducible") {
  auto first = run_interpreter({"-c", "echo $RANDOM $RANDOM $RANDOM"}, {{"FORKLIFT_RANDOM_SEED", "42"}});
  auto second = run_interpreter({"-c", "echo $RANDOM $RANDOM $RANDOM"}, {{"FORKLIFT_RANDOM_SEED", "42"}});
  CHECK(first.status == 0);
  CHECK(first.out == second.out);
  auto other = run_interpreter({"-c", "echo $RANDOM $RANDOM $RANDOM"}, {{"FORKLIFT_RANDOM_SEED", "43"}});
  CHECK(first.out != other.out);
}

TEST_CASE("FORKLIFT_RANDOM_SEED=N draws what RANDOM=N draws in ksh93u+m") {
  // ksh93u+m 1.0.4: RANDOM=7; echo $RANDOM $RANDOM $RANDOM
  auto seeded = run_interpreter({"-c", "echo $RANDOM $RANDOM $RANDOM"}, {{"FORKLIFT_RANDOM_SEED", "7"}});
  CHECK(seeded.out == "10062 2468 5990\n");
  auto assigned = run_interpreter({"-c", "RANDOM=7; echo $RANDOM $RANDOM $RANDOM"});
  CHECK(assigned.out == "10062 2468 5990\n");
}

TEST_CASE("run --help documents FORKLIFT_RANDOM_SEED") {
  auto help = run_interpreter({"--help"});
  CHECK(help.out.find("FORKLIFT_RANDOM_SEED") != std::string::npos);
}
