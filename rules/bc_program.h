// Reading the program a script feeds to `bc`: where it comes from (echo pipe,
// here-string, here-document) and whether it is one integer expression the
// shell can evaluate with `$(( ))`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/semantic_model.h"
#include "rules/findings.h"

namespace forklift {

struct BcCall {
  const Node* bc = nullptr;            // the `bc` SimpleCommand
  const Node* target = nullptr;        // what a fix replaces: the substitution, or the statement
  const Node* here_doc = nullptr;      // HereDocBody to delete with a statement-level fix
  bool statement = false;              // not inside `$( )`: prints its result
  bool output_discarded = false;       // statement with `>/dev/null`
  bool math_library = false;           // `bc -l`
  std::vector<const Node*> program;    // parts of the program text, in order
};

// Matches `$(echo PROGRAM | bc)`, `$(bc <<< PROGRAM)`, `$(bc <<EOF …)` and
// the statement forms `bc <<EOF …` / `echo PROGRAM | bc`.
std::vector<BcCall> find_bc_calls(const SemanticModel& model);

enum class BcProgramKind {
  Integer,     // one expression of integers, + - * / % ^, comparisons, parentheses
  Fractional,  // uses scale, -l, decimal points or math-library functions
  Other,       // anything else (several statements, variables of bc, loops, ...)
};

struct BcTranslation {
  BcProgramKind kind = BcProgramKind::Other;
  std::string arithmetic;  // the `$(( ))` body, for Integer
  FixSafety safety;
  // For Fractional on ksh93: the float expression whose value, printed with
  // `printf '%.<scale>f'`, is bc's result (see FL104 for where it differs).
  std::string float_arithmetic;
  int scale = 0;
};

BcTranslation translate_bc(const SemanticModel& model, const BcCall& call);

}  // namespace forklift
