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
ksh93 only, and unsafe: `scale=N; EXPR` (or `bc -l`, scale 20) becomes
`$(printf '%.Nf' "$(( trunc(10**N * (EXPR)) / 10.0**N ))")` with every
literal and variable made a float (`7.0`, `float(x)`), so the result is
truncated like bc's rather than rounded, and ksh runs `printf` in the
substitution without forking. It still differs: bc drops the leading zero
(`.66`, the rewrite prints `0.66`), truncates every intermediate division to
`scale` digits (`scale=2; 1/3*3` is `.99`, the rewrite gives `1.00`), and
prints a zero result as `0` where the rewrite prints `0.00`, reads an operand
that is not a number as its own variable (0) where ksh evaluates the shell
variable or fails, and has arbitrary precision where a double has about 16
digits (no fix above
scale 15, nor for math-library functions). bash, dash and mksh have no
floating point at all: reported without a fix.
)md";

constexpr RuleInfo kInfo{"FL104", "bc-fractional", "`bc` with fractions forks processes",
                         Severity::Info, kDocs, std::nullopt, FixAvailability::Unsafe};

class BcFractional final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    bool ksh = context.dialect == Dialect::Ksh;
    for (const BcCall& call : find_bc_calls(context.model)) {
      BcTranslation translation = translate_bc(context.model, call);
      if (translation.kind != BcProgramKind::Fractional) continue;
      std::string message = ksh ? "`bc` forks processes for fractional arithmetic that ksh93 does itself "
                                  "(`typeset -F`, `$(( ))` with floats; mind bc's truncation and `.5` format)"
                                : "`bc` forks processes for fractional arithmetic (this shell has no floating point)";
      Diagnostic diagnostic = make_diagnostic(kInfo, call.target, message);
      attach_cost(context, call.target, diagnostic);
      if (ksh && !translation.float_arithmetic.empty() && !call.statement) {
        std::string replacement =
            fmt::format("$(printf '%.{}f' \"$(( {} ))\")", translation.scale, translation.float_arithmetic);
        FixSafety safety;
        safety.downgrade(Applicability::Unsafe,
                         "bc prints `.66` where printf prints `0.66`, and truncates every intermediate division to "
                         "`scale` digits");
        attach_fix(diagnostic, safety, "Use ksh93 float arithmetic", {replace_node(call.target, replacement)});
      }
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
