// The interface every rule implements, and the registry of all rules.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/source_file.h"
#include "rules/diagnostic.h"

namespace forklift {

class SemanticModel;

// A rule's documentation uses Ruff's fixed headings, in this order:
// "## What it does", "## Why is this bad?", "## Example", "## Use instead",
// "## Fix safety". `forklift lint --explain CODE` prints it.
// What the rule's fix can do, as `forklift rule` and docs/rules/ state it; the
// "## Fix safety" section says when and why.
enum class FixAvailability {
  None,           // reported without a fix
  Safe,           // every fix it offers is safe
  SometimesSafe,  // safe when the model proves the facts it needs, unsafe otherwise
  Unsafe,         // fixes are offered, never as safe
};

std::string_view fix_availability_name(FixAvailability fix);

struct RuleInfo {
  std::string_view code;      // "FL101": FL + family digit + number
  std::string_view name;      // kebab-case, "expr-arithmetic"
  std::string_view summary;   // one line
  Severity default_severity = Severity::Warning;
  std::string_view docs;      // Markdown with the headings above
  std::optional<std::string_view> shellcheck_code;  // "SC2003": honours `# shellcheck disable=`
  FixAvailability fix = FixAvailability::None;
};

struct LintContext {
  const SourceFile& file;
  const Ast& ast;
  const SemanticModel& model;
  Dialect dialect;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  // Appends findings; never throws for any AST a front end can produce.
  virtual void check(const LintContext& context, std::vector<Diagnostic>& out) const = 0;
};

// Every rule, ordered by code.
const std::vector<const Rule*>& all_rules();
const Rule* find_rule(std::string_view code);

}  // namespace forklift
