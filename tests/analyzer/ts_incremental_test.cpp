#include <string>

#include <catch2/catch.hpp>

#include "analyzer/ast_printer.h"
#include "analyzer/tree_sitter_front_end.h"

namespace forklift {
namespace {

// The incremental result must be exactly what a fresh parse of the same text gives.
void check_same_as_fresh(const IncrementalParser& parser) {
  SourceFile fresh_file("x.sh", parser.file().text());
  ParseResult fresh = parse_tree_sitter(fresh_file, Dialect::Bash);
  const ParseResult& incremental = parser.result();
  INFO(parser.file().text());
  CHECK(first_difference(incremental.ast->root, fresh.ast->root) == "");
  CHECK(incremental.errors.size() == fresh.errors.size());
  CHECK(incremental.has_error_nodes == fresh.has_error_nodes);
  CHECK(incremental.ast->comments.size() == fresh.ast->comments.size());
}

TEST_CASE("incremental: edits give the same tree as a fresh parse", "[ts][incremental]") {
  IncrementalParser parser("x.sh", "for f in *.txt; do\n  n=$(wc -l < \"$f\")\n  echo $n\ndone\n", Dialect::Bash);
  check_same_as_fresh(parser);
  auto wc = static_cast<uint32_t>(parser.file().text().find("wc -l"));
  parser.edit(wc, wc + 5, "cat");
  check_same_as_fresh(parser);
  parser.edit(0, 0, "# header\n");  // insert at the start
  check_same_as_fresh(parser);
  uint32_t end = parser.file().size();
  parser.edit(end, end, "if [[ -n $x ]]; then\n  y=${x%.*}\nfi\n");  // append
  check_same_as_fresh(parser);
  auto at = static_cast<uint32_t>(parser.file().text().find("for f"));
  parser.edit(at, at + 3, "");  // delete `for`: a syntax error now
  check_same_as_fresh(parser);
  CHECK(parser.result().has_error_nodes);
  parser.edit(at, at, "for");  // and back
  check_same_as_fresh(parser);
  CHECK_FALSE(parser.result().has_error_nodes);
}

TEST_CASE("incremental: a sequence of one-character edits stays consistent", "[ts][incremental]") {
  std::string target = "case $1 in\n  start) run \"$@\" ;;\n  *) echo \"usage: $0\" >&2; exit 1 ;;\nesac\n";
  IncrementalParser parser("x.sh", "", Dialect::Bash);
  for (size_t i = 0; i < target.size(); ++i) {
    parser.edit(static_cast<uint32_t>(i), static_cast<uint32_t>(i), target.substr(i, 1));
    if (i % 7 == 0 || i + 1 == target.size()) check_same_as_fresh(parser);
  }
  CHECK(parser.file().text() == target);
  CHECK(parser.result().errors.empty());
}

TEST_CASE("incremental: out-of-range edits are clamped, reset replaces the text", "[ts][incremental]") {
  IncrementalParser parser("x.sh", "echo a\n", Dialect::Bash);
  parser.edit(100, 200, "echo b\n");
  CHECK(parser.file().text() == "echo a\necho b\n");
  check_same_as_fresh(parser);
  parser.reset("x=1\n");
  CHECK(parser.file().text() == "x=1\n");
  check_same_as_fresh(parser);
}

}  // namespace
}  // namespace forklift
