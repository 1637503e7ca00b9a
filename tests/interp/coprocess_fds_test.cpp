// A coprocess started inside an in-process subshell ends with the subshell:
// none of its descriptors stays open in the shell, and the parent's own
// coprocess keeps working. (ksh93u+m itself leaves a descriptor behind, so
// this is checked here rather than against ksh.)
#include <unistd.h>

#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "tests/support/run_forklift.h"

using forklift::test::run_forklift;

TEST_CASE("coprocess of a subshell leaves no descriptor in the shell") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("forklift-coprocess-" + std::to_string(getpid()));
  fs::create_directories(dir);
  auto r = run_forklift({"run", "-c",
                         "ls /proc/$$/fd > before\n"
                         "( cat |& )\n"
                         "( cat |& print -p a; read -p x )\n"
                         "x=$(cat |& print -p z; read -p v; echo $v)\n"
                         "ls /proc/$$/fd > after\n"
                         "cmp -s before after && echo same; echo $x"},
                        "", dir.string());
  fs::remove_all(dir);
  CHECK(r.out == "same\nz\n");
}

TEST_CASE("coprocess of the parent survives a subshell that starts its own") {
  auto r = run_forklift({"run", "-c",
                         "cat |& print -p a\n"
                         "( cat |& print -p b; read -p x; echo sub $x )\n"
                         "print -p c; read -p y; read -p z; echo $y $z"});
  CHECK(r.out == "sub b\na c\n");
}
