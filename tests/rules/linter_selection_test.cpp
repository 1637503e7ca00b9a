#include <catch2/catch.hpp>

#include "rules/linter.h"

using forklift::RuleSelection;

TEST_CASE("rule selection: the default set is every rule") {
  RuleSelection selection;
  CHECK(selection.enabled("FL101"));
  CHECK(selection.enabled("FL402"));
}

TEST_CASE("rule selection: select by prefix and by code") {
  RuleSelection selection{{"FL1"}, {}, {}};
  CHECK(selection.enabled("FL101"));
  CHECK(selection.enabled("FL199"));
  CHECK_FALSE(selection.enabled("FL201"));
  RuleSelection one{{"FL203"}, {}, {}};
  CHECK(one.enabled("FL203"));
  CHECK_FALSE(one.enabled("FL204"));
}

TEST_CASE("rule selection: ALL, and ignore removes") {
  RuleSelection selection{{"ALL"}, {}, {"FL2"}};
  CHECK(selection.enabled("FL101"));
  CHECK_FALSE(selection.enabled("FL201"));
  RuleSelection defaults{{}, {}, {"FL101"}};
  CHECK_FALSE(defaults.enabled("FL101"));
  CHECK(defaults.enabled("FL102"));
}

TEST_CASE("rule selection: the more specific entry wins") {
  // Select a family but ignore one rule of it.
  RuleSelection narrow_ignore{{"FL1"}, {}, {"FL102"}};
  CHECK(narrow_ignore.enabled("FL101"));
  CHECK_FALSE(narrow_ignore.enabled("FL102"));
  // Ignore a family but select one rule of it back.
  RuleSelection narrow_select{{"ALL", "FL104"}, {}, {"FL1"}};
  CHECK(narrow_select.enabled("FL104"));
  CHECK_FALSE(narrow_select.enabled("FL105"));
  CHECK(narrow_select.enabled("FL201"));
}

TEST_CASE("rule selection: on a tie ignore wins") {
  RuleSelection selection{{"FL1"}, {}, {"FL1"}};
  CHECK_FALSE(selection.enabled("FL101"));
  RuleSelection all{{}, {}, {"ALL"}};
  CHECK_FALSE(all.enabled("FL101"));
}

TEST_CASE("rule selection: extend-select adds to select") {
  RuleSelection selection{{"FL1"}, {"FL301"}, {}};
  CHECK(selection.enabled("FL101"));
  CHECK(selection.enabled("FL301"));
  CHECK_FALSE(selection.enabled("FL302"));
  RuleSelection over_ignore{{"FL1"}, {"FL203"}, {"FL2"}};
  CHECK(over_ignore.enabled("FL203"));
  CHECK_FALSE(over_ignore.enabled("FL204"));
}
