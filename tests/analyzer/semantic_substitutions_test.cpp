#include <catch2/catch.hpp>

#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("the model lists every command substitution and backtick in source order") {
  ModelFixture f("a=$(echo $(date))\nb=`pwd`\nfor i in $(seq 3); do echo \"$(id -u)\"; done\n");
  std::vector<std::string_view> texts;
  for (const Node* substitution : f.model().substitutions()) texts.push_back(f.model().text(substitution));
  CHECK(texts == std::vector<std::string_view>{"$(echo $(date))", "$(date)", "`pwd`", "$(seq 3)", "$(id -u)"});
  CHECK_FALSE(f.model().has_escaped_backtick());
}

TEST_CASE("a backtick whose body is still escaped is noticed by the model") {
  CHECK(ModelFixture("a=`echo \\$HOME`\n").model().has_escaped_backtick());
  CHECK(ModelFixture("a=`echo \\`date\\``\n").model().has_escaped_backtick());
  CHECK_FALSE(ModelFixture("a=$(echo \\$HOME)\n").model().has_escaped_backtick());
  CHECK(ModelFixture("").model().substitutions().empty());
}

}  // namespace
}  // namespace forklift::testing
