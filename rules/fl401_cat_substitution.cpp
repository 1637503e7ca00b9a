// FL401 cat-substitution: `$(cat file)` -> `$(<file)` where the shell has it.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(cat file)` in bash, ksh93 and mksh scripts.

## Why is this bad?
`cat` is a process started only to copy a file into the substitution.
`$(<file)` reads the file in the shell: ksh93 and mksh start no process at
all, bash saves the exec.

## Example
```sh
config=$(cat "$HOME/.toolrc")
```

## Use instead
```sh
config=$(<"$HOME/.toolrc")
```

## Fix safety
Safe for a single file operand without options: the output and the exit
status (1 for an unreadable file) are the same; only the wording of the error
message differs. Never offered for `sh`: dash, BusyBox and yash silently
expand `$(<file)` to nothing.
)md";

constexpr RuleInfo kInfo{"FL401", "cat-substitution", "`$(cat file)` forks: use `$(<file)`", Severity::Warning,
                         kDocs, std::nullopt, FixAvailability::Safe};

class CatSubstitution final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    if (context.dialect == Dialect::Sh) return;
    const SemanticModel& model = context.model;
    for (const Node* substitution : context.model.substitutions()) {
      const Node* cat = sole_simple_command(substitution);
      if (cat == nullptr || command_name(model.source(), cat) != "cat" || has_redirects(cat) || has_assignments(cat) ||
          inside_escaped_backtick(model, cat)) {
        continue;
      }
      std::vector<const Node*> words = command_words(cat);
      if (words.size() != 2) continue;
      std::optional<std::string> file = static_word_value(model.source(), words[1]);
      if (file && (file->empty() || (*file)[0] == '-')) continue;
      if (!file && (words[1]->flags & (kWordHasGlob | kWordHasBrace)) != 0) continue;  // may name several files
      std::string replacement = fmt::format("$(<{})", model.text(words[1]));
      Diagnostic diagnostic =
          make_diagnostic(kInfo, substitution, fmt::format("`$(cat …)` forks a process: use `{}`", replacement));
      attach_cost(context, substitution, diagnostic);
      FixSafety safety;
      if (!file && plain_parameter(words[1]) != nullptr && quoted_plain_parameter(words[1]) == nullptr) {
        safety.downgrade(Applicability::Unsafe, "an unquoted file name may split into several files for `cat`");
      }
      attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", replacement), {replace_node(substitution, replacement)});
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& cat_substitution_rule() {
  static const CatSubstitution rule;
  return rule;
}

}  // namespace forklift
