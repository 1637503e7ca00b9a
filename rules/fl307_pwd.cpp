// FL307 pwd-substitution: `$(pwd)` -> `$PWD`.
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(pwd)` and `` `pwd` ``.

## Why is this bad?
bash, dash and mksh fork a subshell to run the `pwd` builtin, whose output is
the value of `$PWD`.

## Example
```sh
here=$(pwd)
```

## Use instead
```sh
here=$PWD
```

## Fix safety
Safe and guarded where the substitution's statement can be wrapped in a
`case` (alone on its line, no here-document): `$( )` strips a trailing
newline from a directory name that ends in one and `$PWD` keeps it, so a
`$PWD` ending in a newline (in sh, in any control character) keeps the
original command:

```sh
case $PWD in *$'\n') here=$(pwd) ;; *) here=$PWD ;; esac
```

Unsafe elsewhere, and where the script assigns `PWD` itself (that changes
`$PWD` but not what `pwd` prints). `pwd -P` (physical path) is not rewritten.
)md";

constexpr RuleInfo kInfo{"FL307", "pwd-substitution", "`$(pwd)` forks a subshell: use `$PWD`", Severity::Warning,
                         kDocs, std::nullopt, FixAvailability::SometimesSafe};

class PwdSubstitution final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    for (const Node* substitution : context.model.substitutions()) {
      const Node* command = sole_simple_command(substitution);
      if (command == nullptr || command_name(model.source(), command) != "pwd" || has_redirects(command)) continue;
      std::vector<const Node*> words = command_words(command);
      if (words.size() > 2 || (words.size() == 2 && static_word_value(model.source(), words[1]) != "-L")) continue;
      if (guard_around(model, substitution, "PWD")) continue;  // a guarded rewrite's fallback
      FixSafety safety;
      safety.downgrade_for_trait(ValueTrait::TrailingNewline, "PWD",
                                 "a directory name ending in a newline keeps it in `$PWD`");
      const Variable* pwd = model.variable("PWD", substitution);
      if (pwd != nullptr && !pwd->definitions.empty()) {
        safety.downgrade(Applicability::Unsafe, "the script assigns `PWD`");
      }
      Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`$(pwd)` forks a subshell: use `$PWD`");
      attach_cost(context, substitution, diagnostic);
      SubstitutionSite site = locate_substitution(model, substitution);
      attach_guardable_fix(context, diagnostic, safety, "Replace with `$PWD`", replace_node(substitution, "$PWD"),
                           guard_statement(model, site, "PWD"));
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& pwd_substitution_rule() {
  static const PwdSubstitution rule;
  return rule;
}

}  // namespace forklift
