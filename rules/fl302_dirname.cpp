// FL302 dirname: `$(dirname "$p")` -> `${p%/*}`.
#include <fmt/format.h>

#include "rules/findings.h"
#include "rules/path_component.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(dirname "$path")`.

## Why is this bad?
It forks a subshell and execs `dirname` for what `${path%/*}` does in the
shell.

## Example
```sh
dir=$(dirname "$file")
```

## Use instead
```sh
dir=${file%/*}
```

## Fix safety
Safe for a name that value facts prove has no `/` and does not start with
`-` (`for f in *.c` gives no `/`; a case arm or a literal prefix rules out
`-`): `dirname` prints `.` for it, and so does the rewrite, which is `.`.
Otherwise unsafe: `${p%/*}` differs from `dirname` for a name without a slash (`a`
gives `a` instead of `.`), for a file in the root (`/a` gives an empty string
instead of `/`), for `/` itself (empty instead of `/`), for a path ending in
`/` (`/a/b/` gives `/a/b` instead of `/a`), for repeated slashes before the
last name (`a//b` gives `a/` instead of `a`), and for a directory name ending
in a newline.
)md";

constexpr RuleInfo kInfo{"FL302", "dirname", "`$(dirname …)` forks: use `${p%/*}`", Severity::Warning, kDocs,
                         std::nullopt, FixAvailability::SometimesSafe};

class Dirname final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const PathCall& call : find_path_calls(context.model, "dirname")) {
      if (call.suffix != nullptr) continue;  // several operands: several lines of output
      ValueFacts facts = context.model.value_facts(call.parameter);
      FixSafety safety;
      if (facts.has(ValueFact::NoSlash)) {
        require_path_facts(context.model, call, {ValueFact::NoSlash, ValueFact::NoLeadingDash}, safety);
        out.push_back(replacement_diagnostic(context, kInfo, call.substitution,
                                             "`dirname` forks a process for a name without `/`: use `.`", safety, "."));
        continue;
      }
      std::string expansion = fmt::format("${{{}%/*}}", call.parameter->text);
      safety.downgrade(Applicability::Unsafe,
                       "differs from dirname for a name without `/` (`.`), for `/name` (`/`) and for a trailing `/`");
      out.push_back(replacement_diagnostic(context, kInfo, call.substitution, fmt::format("`dirname` forks a process: use `{}`", expansion), safety, expansion));
    }
  }
};

}  // namespace

const Rule& dirname_rule() {
  static const Dirname rule;
  return rule;
}

}  // namespace forklift
