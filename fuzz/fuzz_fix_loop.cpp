// Lint and the fix loop on any bytes, every rule selected: no crash; no
// round of fixes breaks the parse (the loop would give up with a failure);
// a fixed file parses with no error; fixing it again changes nothing once
// the loop converged. Option bit 0 allows unsafe fixes.
#include <cstddef>
#include <cstdint>

#include <fmt/format.h>

#include "fuzz/fuzz_support.h"
#include "rewriter/fix_loop.h"
#include "rules/linter.h"

using namespace forklift;

namespace {

bool converged(const FixLoopResult& result) {
  for (const LeftFix& left : result.left) {
    if (left.reason == LeftReason::NotConverged) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  LintOptions options;
  options.shell = input.dialect;
  Linter lint = [&options](const SourceFile& file) { return lint_source(file, options); };
  FixLoopOptions fix_options;
  fix_options.unsafe_fixes = (input.options & 1) != 0;

  FixLoopResult fixed = run_fix_loop(SourceFile("fuzz.sh", std::string(input.text)), fix_options, lint);
  if (fixed.failure) {
    fuzz::fail(fmt::format("a round of {} broke the parse: {}", fmt::join(fixed.failure->codes, ","),
                           fixed.failure->detail),
               input.text);
  }
  if (!fixed.changed()) return 0;
  LintResult relinted = lint(SourceFile("fuzz.sh", fixed.text));
  if (!relinted.parse_errors.empty()) fuzz::fail("the fixed text has a syntax error", fixed.text);
  if (!converged(fixed)) return 0;
  FixLoopResult again = run_fix_loop(SourceFile("fuzz.sh", fixed.text), fix_options, lint);
  if (again.changed() || again.text != fixed.text) {
    std::string codes;
    for (const auto& [code, count] : again.applied) codes += code + " ";
    fuzz::fail("a second fix changed the fixed text: " + codes, fixed.text + "\n--- became ---\n" + again.text);
  }
  return 0;
}
