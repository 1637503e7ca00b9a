// FL104 bc-fractional: `bc` with scale / -l: ksh93 float arithmetic, or report only.
#include <fmt/format.h>

#include "rules/bc_program.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `bc` computing with fractions: `scale=`, `bc -l`, decimal points or
math-library functions (`s()`, `c()`, `l()`, `e()`, `a()`, `sqrt()`).

## Why is this bad?
Each call forks `bc` (and `echo`, and the substitution). ksh93 has floating
point arithmetic built in (`$((7.0/2))` is 3.5, `typeset -F2 x`); bash, dash
and mksh do not, and there the fork is the price of fractions.

## Example
```sh
ratio=$(echo "scale=2; $done / $total" | bc)
```

## Use instead
```sh
# ksh93
typeset -F2 ratio
(( ratio = 1.0 * done / total ))
```

## Fix safety
Display-only: there is no rewrite with the same output. `bc` truncates to
`scale` digits and drops the leading zero (`.66`), while ksh93's `printf
"%.2f"` and `typeset -F2` round and print `0.67`; bash, dash and mksh have no
floating point at all.
)md";

constexpr RuleInfo kInfo{"FL104", "bc-fractional", "`bc` with fractions forks processes",
                         Severity::Info, kDocs, std::nullopt};

class BcFractional final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    bool ksh = context.dialect == Dialect::Ksh;
    for (const BcCall& call : find_bc_calls(context.model)) {
      if (translate_bc(context.model, call).kind != BcProgramKind::Fractional) continue;
      std::string message = ksh ? "`bc` forks processes for fractional arithmetic that ksh93 does itself "
                                  "(`typeset -F`, `$(( ))` with floats; mind bc's truncation and `.5` format)"
                                : "`bc` forks processes for fractional arithmetic (this shell has no floating point)";
      Diagnostic diagnostic = make_diagnostic(kInfo, call.target, message);
      attach_cost(context, call.target, diagnostic);
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& bc_fractional_rule() {
  static const BcFractional rule;
  return rule;
}

}  // namespace forklift
