// Linting one source: parse, build the semantic model, run the selected rules,
// apply suppressions. The CLI, `fix` and the language server all go through here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift {

// Ruff-style selection: a code or prefix ("FL1", "FL101", "ALL") per entry.
struct RuleSelection {
  std::vector<std::string> select;         // empty = the default set (all rules)
  std::vector<std::string> extend_select;  // added to select
  std::vector<std::string> ignore;         // removed; more specific entries win
  // forklift.toml's per-file-ignores for the file: off whatever else selects them.
  std::vector<std::string> per_file_ignores;
  bool enabled(std::string_view code) const;
};

struct LintOptions {
  std::optional<Dialect> shell;  // override of the detected dialect
  RuleSelection rules;
};

struct LintResult {
  DialectChoice dialect;
  FrontEnd front_end = FrontEnd::Exact;   // the one whose AST the rules saw
  std::vector<ParseError> parse_errors;   // syntax errors (reported, not fatal)
  std::vector<Diagnostic> diagnostics;    // sorted by position, then code
};

LintResult lint_source(const SourceFile& file, const LintOptions& options);

class SemanticModel;

// The steps of lint_source() after parsing, for a caller that has the parse
// and the model already (the language server keeps both for its features):
// runs the selected rules over the model's file, AST and dialect, applies
// suppressions, drops fixes next to `parse_errors`, and sorts.
std::vector<Diagnostic> lint_parsed(const SemanticModel& model, const std::vector<ParseError>& parse_errors,
                                    const RuleSelection& selection);

}  // namespace forklift
