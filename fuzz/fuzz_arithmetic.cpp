// The interpreter's arithmetic on any bytes: as the value of a variable
// (eval_arith_string, which refuses expansions), and as the inside of
// `: $(( ))` run as a script, skipped when it would run a command or is not
// that one command. An error ends the shell as ksh93 does (ShellExit);
// anything else escaping, or a sanitizer report, is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "analyzer/exact_parser.h"
#include "fuzz/fuzz_support.h"
#include "interp/errors.h"
#include "interp/shell.h"

using namespace forklift;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // No variable from the caller's environment, and no program to find.
  ::clearenv();
  ::setenv("PATH", "/nonexistent", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  {
    interp::Shell shell;
    try {
      (void)interp::format_number(shell.eval_arith_string(input.text));
    } catch (const interp::ShellExit&) {
    }
  }
  std::string script = ": $((" + std::string(input.text) + "))\n";
  SourceFile file("fuzz.sh", script);
  ParseResult parsed = parse_exact(file, Dialect::Ksh);
  if (!parsed.ast) return 0;
  std::vector<const Node*> words = fuzz::colon_command_words(*parsed.ast);
  if (words.size() != 1 || words[0]->kids.size() != 1 || words[0]->kids[0]->kind != NodeKind::ArithExp) return -1;
  interp::Shell shell;
  shell.run_script("fuzz.sh", script, {});
  return 0;
}
