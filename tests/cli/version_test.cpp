#include <catch2/catch.hpp>

#include "tests/support/run_forklift.h"

TEST_CASE("the version flag prints the version and exits 0", "[cli]") {
  auto r = forklift::test::run_forklift({"--version"});
  CHECK(r.status == 0);
  CHECK(r.out.rfind("forklift ", 0) == 0);
}

TEST_CASE("usage mistakes exit 2 with a one-line error", "[cli]") {
  auto r = forklift::test::run_forklift({"--no-such-flag"});
  CHECK(r.status == 2);
  CHECK(r.err.find("forklift: ") == 0);
  auto none = forklift::test::run_forklift({});
  CHECK(none.status == 2);
}
