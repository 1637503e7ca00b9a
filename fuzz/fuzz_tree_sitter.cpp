// The tree-sitter front end and its lowering on any bytes: no crash, the
// lowered tree keeps the span conventions of analyzer/ast.h, and an
// incremental reparse after an edit lowers to the tree a fresh parse of the
// edited text gives. The option bits choose where the edit falls.
#include <cstddef>
#include <cstdint>

#include "analyzer/ast_printer.h"
#include "analyzer/tree_sitter_front_end.h"
#include "fuzz/fuzz_support.h"

using namespace forklift;

namespace {

// The conventions hold for a clean parse; a tree with Error nodes only keeps
// its spans inside the source.
void check_tree(const ParseResult& result, const SourceFile& file) {
  if (!result.ast) fuzz::fail("tree-sitter gave no tree", file.text());
  std::string violation = result.has_error_nodes ? fuzz::span_violation(*result.ast, file.text())
                                                 : fuzz::tree_violation(*result.ast, file.text());
  if (!violation.empty()) fuzz::fail(violation, to_sexp(result.ast->root));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  SourceFile file("fuzz.sh", std::string(input.text));
  check_tree(parse_tree_sitter(file, input.dialect), file);

  // The text's second half replaces a stretch of its first half.
  size_t half = input.text.size() / 2;
  std::string before(input.text.substr(0, half));
  std::string_view replacement = input.text.substr(half);
  uint32_t begin = static_cast<uint32_t>(half * (input.options & 7) / 8);
  uint32_t end = static_cast<uint32_t>(begin + (half - begin) * ((input.options >> 3) & 7) / 8);
  IncrementalParser incremental("fuzz.sh", before, input.dialect);
  incremental.edit(begin, end, replacement);
  std::string after = before.substr(0, begin) + std::string(replacement) + before.substr(end);
  if (incremental.file().text() != after) fuzz::fail("the edited text is not the expected one", after);
  SourceFile fresh_file("fuzz.sh", after);
  ParseResult fresh = parse_tree_sitter(fresh_file, input.dialect);
  check_tree(fresh, fresh_file);
  check_tree(incremental.result(), incremental.file());
  std::string difference = first_difference(incremental.result().ast->root, fresh.ast->root);
  if (!difference.empty()) fuzz::fail("an incremental reparse differs from a fresh parse", difference);
  return 0;
}
