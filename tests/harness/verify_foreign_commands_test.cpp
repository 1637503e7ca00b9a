// Which "not found" messages of the bundled interpreter mean that the script
// needs another shell's builtin.
#include <catch2/catch.hpp>

#include "harness/verify/foreign_commands.h"

using forklift::harness::foreign_command_not_found;

TEST_CASE("a bash builtin reported as not found is named with its shell", "[verify]") {
  auto found = foreign_command_not_found("hello\nscript.sh: line 3: mapfile: not found\n");
  REQUIRE(found);
  CHECK(found->name == "mapfile");
  CHECK(found->shell == "bash");
  auto ksh = foreign_command_not_found("forklift: line 1: enum: not found");
  REQUIRE(ksh);
  CHECK(ksh->shell == "ksh93");
}

TEST_CASE("other missing commands and mere mentions are not foreign builtins", "[verify]") {
  CHECK_FALSE(foreign_command_not_found("script.sh: line 2: no_such_tool: not found\n"));
  CHECK_FALSE(foreign_command_not_found("script.sh: line 2: xmapfile: not found\n"));
  CHECK_FALSE(foreign_command_not_found("mapfile: not found in the manual, said the script\n"));
  CHECK_FALSE(foreign_command_not_found(""));
}
