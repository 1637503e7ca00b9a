#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("commands are builtins per dialect, functions of the file, or external") {
  ModelFixture f("f() { :; }\nf\necho hi\nexpr 1 + 1\n$cmd x\nprint hi\n", Dialect::Bash);
  CHECK(f.model().command_kind(f.find(NodeKind::SimpleCommand, "f")) == CommandKind::Function);
  CHECK(f.model().command_kind(f.find(NodeKind::SimpleCommand, "echo hi")) == CommandKind::Builtin);
  CHECK(f.model().command_kind(f.find(NodeKind::SimpleCommand, "expr 1 + 1")) == CommandKind::External);
  CHECK(f.model().command_kind(f.find(NodeKind::SimpleCommand, "$cmd x")) == CommandKind::Dynamic);
  CHECK(f.model().command_kind(f.find(NodeKind::SimpleCommand, "print hi")) == CommandKind::External);
  ModelFixture ksh("print hi\nsleep 1\n", Dialect::Ksh);
  CHECK(ksh.model().command_kind(ksh.find(NodeKind::SimpleCommand, "print hi")) == CommandKind::Builtin);
  CHECK(ksh.model().command_kind(ksh.find(NodeKind::SimpleCommand, "sleep 1")) == CommandKind::Builtin);
}

TEST_CASE("ksh93 does not fork for a substitution of builtins; bash, dash and mksh do") {
  const char* script = "x=$(echo hi)\n";
  for (Dialect dialect : {Dialect::Bash, Dialect::Sh, Dialect::Mksh}) {
    ModelFixture f(script, dialect);
    CHECK(f.model().forks(f.find(NodeKind::CommandSub, "$(echo hi)")) == 1);
  }
  ModelFixture ksh(script, Dialect::Ksh);
  CHECK(ksh.model().forks(ksh.find(NodeKind::CommandSub, "$(echo hi)")) == 0);
}

TEST_CASE("a forked substitution execs its last external command without a second fork") {
  ModelFixture f("x=$(expr 1 + 1)\ny=$(echo 2 | bc)\n");
  CHECK(f.model().forks(f.find(NodeKind::CommandSub, "$(expr 1 + 1)")) == 1);
  CHECK(f.model().forks(f.find(NodeKind::CommandSub, "$(echo 2 | bc)")) == 3);  // subshell, echo's subshell, bc
  ModelFixture ksh("y=$(echo 2 | bc)\n", Dialect::Ksh);
  CHECK(ksh.model().forks(ksh.find(NodeKind::CommandSub, "$(echo 2 | bc)")) == 2);
}

TEST_CASE("cost estimates multiply trip counts and describe the nesting") {
  ModelFixture f("for i in 1 2 3 4 5 6 7 8 9 10; do\n  for j in $(seq 20); do\n    x=$(expr $i + $j)\n  done\ndone\n");
  const Node* substitution = f.find(NodeKind::CommandSub, "$(expr $i + $j)");
  ForkEstimate estimate = f.model().fork_estimate(substitution);
  CHECK(estimate.forks_per_execution == 1);
  CHECK(estimate.loop_depth == 2);
  CHECK(estimate.estimated_forks == 200);
  CHECK(f.model().describe_cost(estimate) == "~1 fork per iteration inside 2 nested loops, ~200 per run");
  ForkEstimate outside = f.model().fork_estimate(f.find(NodeKind::CommandSub, "$(seq 20)"));
  CHECK(f.model().describe_cost(outside) == "~1 fork per iteration inside a loop, ~10 per run");
}

TEST_CASE("fork sites list every node that starts processes") {
  ModelFixture f("ls | wc -l\n( cd /tmp )\nsleep 1 &\n");
  std::vector<NodeKind> kinds;
  for (const ForkSite& site : f.model().fork_sites()) kinds.push_back(site.node->kind);
  CHECK(std::count(kinds.begin(), kinds.end(), NodeKind::SimpleCommand) == 3);  // ls, wc, sleep
  CHECK(std::count(kinds.begin(), kinds.end(), NodeKind::Subshell) == 1);
}

}  // namespace
}  // namespace forklift::testing
