// The exact parser on any bytes, in each dialect: it never crashes; a tree
// it returns keeps the span conventions of analyzer/ast.h, prints, and is the
// same tree when the text is parsed again; a failure always says why.
#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "analyzer/ast_printer.h"
#include "analyzer/exact_parser.h"
#include "fuzz/fuzz_support.h"

using namespace forklift;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  SourceFile file("fuzz.sh", std::string(input.text));
  ParseResult first = parse_exact(file, input.dialect);
  if (!first.ast) {
    if (first.errors.empty()) fuzz::fail("the exact parser failed without an error", input.text);
    return 0;
  }
  std::string violation = fuzz::tree_violation(*first.ast, file.text());
  if (!violation.empty()) fuzz::fail(violation, to_sexp(first.ast->root));
  // As `forklift parse --format json` prints it: a text need not be UTF-8.
  (void)to_json(first.ast->root).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  ParseResult second = parse_exact(file, input.dialect);
  if (!second.ast) fuzz::fail("a second parse of the same text failed", input.text);
  std::string difference = first_difference(first.ast->root, second.ast->root);
  if (!difference.empty()) fuzz::fail("two parses of the same text differ", difference);
  return 0;
}
