// Parse-time alias expansion of the exact parser (ksh reads scripts a
// complete command line at a time and expands aliases as it parses).
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "analyzer/exact_parser.h"

namespace forklift {
namespace {

AliasedLine expand(std::string& text, const std::map<std::string, std::string, std::less<>>& aliases) {
  AliasLookup lookup = [&](std::string_view name) -> const std::string* {
    auto it = aliases.find(name);
    return it == aliases.end() ? nullptr : &it->second;
  };
  return expand_aliases_in_first_line(text, Dialect::Ksh, lookup);
}

TEST_CASE("exact alias expansion: a value opening a loop is read with the lines that close it", "[exact]") {
  std::string text = "forever echo x\ndone\necho next\n";
  AliasedLine line = expand(text, {{"forever", "while true; do"}});
  REQUIRE(line.errors.empty());
  CHECK(text.substr(0, line.end) == "while true; do echo x\ndone\n");
  CHECK(line.growth == static_cast<int64_t>(std::string("while true; do").size() - std::string("forever").size()));
}

TEST_CASE("exact alias expansion: only command words and words after a blank-ended value", "[exact]") {
  std::string text = "s e e\n";
  AliasedLine line = expand(text, {{"s", "command "}, {"e", "echo"}});
  REQUIRE(line.errors.empty());
  CHECK(text.substr(0, line.end) == "command  echo e\n");
}

TEST_CASE("exact alias expansion: an alias does not expand inside its own value", "[exact]") {
  std::string text = "ls /\n";
  AliasedLine line = expand(text, {{"ls", "ls -d"}});
  REQUIRE(line.errors.empty());
  CHECK(text.substr(0, line.end) == "ls -d /\n");
}

TEST_CASE("exact alias expansion: the first line ends at its newline", "[exact]") {
  std::string text = "a; b\nc\n";
  AliasedLine line = expand(text, {});
  REQUIRE(line.errors.empty());
  CHECK(line.end == 5);
}

TEST_CASE("exact alias expansion: a syntax error is reported", "[exact]") {
  std::string text = "forever echo x; fi\n";
  AliasedLine line = expand(text, {{"forever", "while true; do"}});
  CHECK_FALSE(line.errors.empty());
}

}  // namespace
}  // namespace forklift
