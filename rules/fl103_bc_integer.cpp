// FL103 bc-integer: `bc` evaluating one integer expression -> `$(( ))`.
#include <fmt/format.h>

#include "rules/bc_program.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `bc` fed a single integer expression (`echo "$a * 2" | bc`,
`bc <<< "$n / 4"`, a here-document) without `scale`, `-l`, decimal points or
math functions.

## Why is this bad?
`bc` is a second process (GNU `bc` even starts `dc`), plus one for `echo` and
one for the substitution: ~86 ms per call where `$(( ))` takes well under one.
For integers, shell arithmetic gives the same result: both truncate division
toward zero and take the sign of `%` from the dividend.

## Example
```sh
total=$(echo "$count * $size" | bc)
```

## Use instead
```sh
total=$((count * size))
```

## Fix safety
Safe when every operand is a literal or a variable the model proves is a
canonical decimal integer, every divisor is a non-zero literal, and (for
literal-only expressions) the value fits in 64 bits. Literal leading zeros are
dropped: `bc` reads `010` as ten, bash as octal. Otherwise unsafe: on division
by zero `bc` prints an error and continues (status 0) where `$(( ))` aborts the
shell, `bc` uses arbitrary precision where the shell wraps at 64 bits, and
`bc`'s `2^-1` is 0 where `**` with a negative exponent is an error. An
operand that is not a number means something else to each: `bc` reads a name
as its own variable (0) and fails on other text, `$(( ))` evaluates the shell
variable or expression. Values and results are assumed to fit in 64 bits,
even for a safe fix (`9223372036854775807 * 2` is 18446744073709551614 in
`bc`, -2 in bash and dash, a float in ksh93). `^`
becomes `**`, which dash and mksh lack (no fix there). A statement `bc <<EOF`
whose output goes to `/dev/null` becomes `: $(( … ))`.
)md";

constexpr RuleInfo kInfo{"FL103", "bc-integer", "`bc` for integer arithmetic forks processes: use `$(( ))`",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

std::vector<Edit> fix_edits(const SemanticModel& model, const BcCall& call, const std::string& arithmetic) {
  if (!call.statement) return {replace_node(call.target, fmt::format("$(({}))", arithmetic))};
  std::string command = fmt::format("{} $(({}))", call.output_discarded ? ":" : "echo", arithmetic);
  std::vector<Edit> edits{replace_node(call.target, command)};
  if (call.here_doc != nullptr) {
    // The body and its delimiter line go with the command.
    std::string_view source = model.source();
    size_t end = source.find('\n', call.here_doc->end);
    end = end == std::string_view::npos ? source.size() : end + 1;
    edits.push_back(Edit{call.here_doc->begin, static_cast<uint32_t>(end), ""});
  }
  return edits;
}

class BcInteger final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const BcCall& call : find_bc_calls(context.model)) {
      BcTranslation translation = translate_bc(context.model, call);
      if (translation.kind != BcProgramKind::Integer) continue;
      std::string shown = fmt::format("$(({}))", translation.arithmetic);
      Diagnostic diagnostic =
          make_diagnostic(kInfo, call.target, fmt::format("`bc` forks processes for integer arithmetic: use `{}`", shown));
      attach_cost(context, call.target, diagnostic);
      attach_fix(diagnostic, translation.safety, fmt::format("Replace `bc` with `{}`", shown),
                 fix_edits(context.model, call, translation.arithmetic));
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& bc_integer_rule() {
  static const BcInteger rule;
  return rule;
}

}  // namespace forklift
