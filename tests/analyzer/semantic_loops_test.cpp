#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("loop depth counts the loops whose repeated part holds a node") {
  ModelFixture f("for i in $(seq 3); do\n  while read -r l; do\n    echo $l\n  done < f\ndone\necho end\n");
  CHECK(f.model().loop_depth(f.find(NodeKind::SimpleCommand, "echo $l")) == 2);
  CHECK(f.model().loop_depth(f.find(NodeKind::SimpleCommand, "echo end")) == 0);
  CHECK(f.model().loop_depth(f.find(NodeKind::SimpleCommand, "seq 3")) == 0);  // the word list runs once
  std::vector<const Loop*> loops = f.model().enclosing_loops(f.find(NodeKind::SimpleCommand, "echo $l"));
  REQUIRE(loops.size() == 2);
  CHECK(loops[0]->reads_lines);
  CHECK(loops[1]->node->is(NodeKind::For));
}

TEST_CASE("while read loops fed by a pipeline are line loops") {
  ModelFixture f("find . | while IFS= read -r f; do echo \"$f\"; done\n");
  REQUIRE(f.model().loops().size() == 1);
  CHECK(f.model().loops()[0].reads_lines);
}

TEST_CASE("literal bounds give trip counts, other loops the default") {
  ModelFixture f("for a in x y z; do :; done\nfor b in {1..10}; do :; done\nfor c in $(seq 2 2 10); do :; done\n"
                 "for ((d = 0; d < 7; d++)); do :; done\ni=0\nwhile [ $i -lt 63 ]; do i=$((i + 1)); done\n"
                 "for e in \"$@\"; do :; done\n");
  const std::vector<Loop>& loops = f.model().loops();
  REQUIRE(loops.size() == 6);
  CHECK(loops[0].trip_count() == 3);
  CHECK(loops[1].trip_count() == 10);
  CHECK(loops[2].trip_count() == 5);
  CHECK(loops[3].trip_count() == 7);
  CHECK(loops[4].trip_count() == 63);
  CHECK(loops[5].trip_count() == kDefaultTripCount);
}

TEST_CASE("a function body is not inside the loop that surrounds its definition") {
  ModelFixture f("while true; do\n  f() { date; }\ndone\n");
  CHECK(f.model().loop_depth(f.find(NodeKind::SimpleCommand, "date")) == 0);
}

}  // namespace
}  // namespace forklift::testing
