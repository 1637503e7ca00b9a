#include <catch2/catch.hpp>

#include "analyzer/semantic/words.h"
#include "semantic_test_support.h"

namespace forklift::testing {
namespace {

TEST_CASE("marked words: parameters in quotes become marks, in the order read") {
  ModelFixture f("sed \"s/a/$x-$y/\" -f$i \"a\x01" "b\" $z\n");
  std::string_view source = f.model().source();
  std::vector<std::string> names;
  CHECK(marked_word_value(source, f.find(NodeKind::Word, "\"s/a/$x-$y/\""), 8, names) == "s/a/\x01-\x02/");
  CHECK(names == std::vector<std::string>{"x", "y"});
  // Unquoted only where the caller asks, and then it is told.
  CHECK_FALSE(marked_word_value(source, f.find(NodeKind::Word, "-f$i"), 8, names));
  bool unquoted = false;
  std::vector<std::string> one;
  CHECK(marked_word_value(source, f.find(NodeKind::Word, "-f$i"), 1, one, &unquoted) == "-f\x01");
  CHECK(unquoted);
  // No more than the limit, and no literal text that reads as a mark.
  CHECK_FALSE(marked_word_value(source, f.find(NodeKind::Word, "$z"), 1, one, &unquoted));
  std::vector<std::string> none;
  CHECK_FALSE(marked_word_value(source, f.find(NodeKind::Word, "\"a\x01" "b\""), 8, none));
}

}  // namespace
}  // namespace forklift::testing
