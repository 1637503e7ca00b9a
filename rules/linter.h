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

}  // namespace forklift
