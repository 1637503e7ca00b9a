// Running one rule on a script and rendering what it found, for golden files
// and for the trap tests.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/front_end.h"
#include "analyzer/semantic_model.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"
#include "rules/rule.h"

namespace forklift::testing {

struct RuleRun {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<Ast> ast;
  std::unique_ptr<SemanticModel> model;
  Dialect dialect = Dialect::Bash;
  std::vector<Diagnostic> diagnostics;
  std::string parse_error;  // non-empty when the script did not parse
};

// Parses `text` (dialect from `path` and the `#!` line unless given), builds
// the model and runs the rule `code`.
// Auto is what `forklift lint` uses (tree-sitter, the exact parser where it reports errors).
RuleRun run_rule(const std::string& code, const std::string& path, const std::string& text,
                 std::optional<Dialect> dialect = std::nullopt, FrontEnd front_end = FrontEnd::Auto);

// The text with the fixes of at most `weakest` applicability applied (in
// order, skipping fixes that overlap an applied one).
std::string apply_fixes(const std::string& text, const std::vector<Diagnostic>& diagnostics, Applicability weakest);

// Diagnostics, fixes and costs as text: one block per diagnostic.
std::string render_diagnostics(const SourceFile& file, const std::vector<Diagnostic>& diagnostics);

// The golden form of a fixture: diagnostics, then the file after safe fixes,
// then after safe and unsafe fixes.
std::string render_golden(const RuleRun& run);

}  // namespace forklift::testing
