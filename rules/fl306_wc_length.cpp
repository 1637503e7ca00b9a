// FL306 wc-length: `$(echo "$v" | wc -c)` -> `$((${#v} + 1))`.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable's length computed with `wc -c` or `wc -m`:
`$(echo "$v" | wc -c)`, `$(printf %s "$v" | wc -c)`, `$(wc -c <<< "$v")`.

## Why is this bad?
Up to three processes for `${#v}`, which the shell knows.

## Example
```sh
n=$(printf %s "$name" | wc -c)
```

## Use instead
```sh
n=${#name}
```

## Fix safety
`echo`, `printf '%s\n'` and `<<<` add a newline that `wc` counts, so those
forms become `$((${#v} + 1))` (ShellCheck's SC2000 suggests `${#v}`, which is
off by one). Safe when the value is proven to be an integer (ASCII digits).
Otherwise unsafe: `wc -c` counts bytes and `${#v}` characters (`é` is 2
against 1 in UTF-8), echo eats `-n` and dash's echo interprets backslashes.
Also unsafe when the script may run with `set -u` (`set -u`, `-o nounset`,
`-u` on the `#!` line) and the value is not known to be set (assigned on
every path before, never unset): unset, it fails only the original's `$( )`
and the script goes on with an empty count, while `${#v}` ends the script.
)md";

constexpr RuleInfo kInfo{"FL306", "wc-length", "`wc -c` for a variable's length forks processes: use `${#v}`",
                         Severity::Warning, kDocs, "SC2000", FixAvailability::SometimesSafe};

class WcLength final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    for (const PipedValue& value : piped_values(model, "wc")) {
      const Node* substitution = value.substitution;
      std::vector<const Node*> words = command_words(value.consumer);
      std::optional<std::string> option = words.size() == 2 ? static_word_value(model.source(), words[1]) : std::nullopt;
      if (option != "-c" && option != "-m") continue;
      std::string_view name = piped_name(value);
      std::string expansion = value.adds_newline ? fmt::format("$((${{#{}}} + 1))", name) : fmt::format("${{#{}}}", name);
      FixSafety safety;
      if (!piped_integer(model, value)) {
        downgrade_for_piped_value(model, value, safety);
        if (option == "-c") {
          safety.downgrade(Applicability::Unsafe, "`wc -c` counts bytes, `${#v}` counts characters");
        }
      }
      out.push_back(replacement_diagnostic(context, kInfo, substitution, fmt::format("`wc {}` for a length forks processes: use `{}`", *option, expansion), safety, expansion));
    }
  }
};

}  // namespace

const Rule& wc_length_rule() {
  static const WcLength rule;
  return rule;
}

}  // namespace forklift
