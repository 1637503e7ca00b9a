// FL301 basename: `$(basename "$p")` -> `${p##*/}`.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/path_component.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(basename "$path")` and `$(basename "$path" .ext)`.

## Why is this bad?
It forks a subshell and execs `basename` (~50 ms per call on a slow VM, half
the run time of a loop over files) for what `${path##*/}` does in the shell.

## Example
```sh
for f in /var/log/*.log; do
    name=$(basename "$f")
done
```

## Use instead
```sh
for f in /var/log/*.log; do
    name=${f##*/}
done
```

## Fix safety
Unsafe: `${p##*/}` differs from `basename` when the path ends in `/`
(`/a/b/` gives an empty string instead of `b`), is `/` (empty instead of `/`),
is empty (basename prints an empty line either way, but pure-shell functions
print `/`), ends in a newline (`$( )` strips it, the expansion keeps it), or starts with
`-` (an option to `basename`, an error without `--`).
With a suffix operand the rewrite needs two steps (`b=${p##*/}; b=${b%.ext}`,
and `basename .ext .ext` keeps `.ext`): that is shown, not applied.
)md";

constexpr RuleInfo kInfo{"FL301", "basename", "`$(basename …)` forks: use `${p##*/}`", Severity::Warning, kDocs,
                         std::nullopt};

class Basename final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const PathCall& call : find_path_calls(context.model, "basename")) {
      std::string expansion = fmt::format("${{{}##*/}}", call.parameter->text);
      FixSafety safety;
      if (call.suffix != nullptr) {
        std::optional<std::string> suffix = static_word_value(context.model.source(), call.suffix);
        if (!suffix) continue;
        safety.downgrade(Applicability::DisplayOnly,
                         fmt::format("removing the suffix needs a second step: `${{name%{}}}`", *suffix));
      }
      safety.downgrade(Applicability::Unsafe,
                       "differs from basename for a path ending in `/`, for `/`, and for a name ending in a newline");
      out.push_back(replacement_diagnostic(context, kInfo, call.substitution, fmt::format("`basename` forks a process: use `{}`", expansion), safety, expansion));
    }
  }
};

}  // namespace

const Rule& basename_rule() {
  static const Basename rule;
  return rule;
}

}  // namespace forklift
