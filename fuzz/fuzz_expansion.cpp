// The interpreter's word expansion on any bytes, without running a command:
// the input is the arguments of `:` (option bit 0 clear: fields, split and
// globbed) or a case pattern (bit 0 set), run as a script by the bundled
// interpreter; skipped when it would run a command, redirect, or be more
// than that one command. Parameter operators, quoting, tilde, brace and
// pathname expansion and their errors are reached; a sanitizer report or an
// exception other than the shell's own exit is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "analyzer/exact_parser.h"
#include "fuzz/fuzz_support.h"
#include "interp/shell.h"

using namespace forklift;

namespace {

// The `case` form runs as `: "$(case…)"` would not (a command substitution):
// its shape is checked on its own.
bool is_one_case_without_commands(const Ast& ast) {
  const Node* root = ast.root;
  if (root == nullptr || root->kids.size() != 1 || root->kids[0]->kind != NodeKind::Case) return false;
  const Node* case_node = root->kids[0];
  if (fuzz::runs_commands(case_node)) return false;
  for (const Node* item : case_node->kids) {
    if (item->kind != NodeKind::CaseItem) continue;
    const Node* body = item->kids.back();
    if (body->kind != NodeKind::List || !body->kids.empty()) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // No variable from the caller's environment, and no program to find.
  ::clearenv();
  ::setenv("PATH", "/nonexistent", 1);
  ::setenv("HOME", "/nonexistent", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::FuzzInput input = fuzz::decode(data, size);
  if (input.text.size() > fuzz::kMaxInputBytes) return -1;
  bool as_pattern = (input.options & 1) != 0;
  std::string script = as_pattern ? "case ab in " + std::string(input.text) + ") ;; esac\n"
                                  : ": " + std::string(input.text) + "\n";
  SourceFile file("fuzz.sh", script);
  ParseResult parsed = parse_exact(file, Dialect::Ksh);
  if (!parsed.ast) return 0;
  bool runnable = as_pattern ? is_one_case_without_commands(*parsed.ast) : !fuzz::colon_command_words(*parsed.ast).empty();
  if (!runnable) return -1;
  interp::Shell shell;
  shell.run_script("fuzz.sh", script, {});
  return 0;
}
