// FL307 pwd-substitution: `$(pwd)` -> `$PWD`.
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
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
Unsafe: `$( )` strips a trailing newline from a directory name that ends in
one and `$PWD` keeps it, and a script that assigns `PWD` itself changes
`$PWD` but not `pwd`. `pwd -P` (physical path) is not rewritten.
)md";

constexpr RuleInfo kInfo{"FL307", "pwd-substitution", "`$(pwd)` forks a subshell: use `$PWD`", Severity::Warning,
                         kDocs, std::nullopt, FixAvailability::Unsafe};

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
      FixSafety safety;
      safety.downgrade(Applicability::Unsafe, "a directory name ending in a newline keeps it in `$PWD`");
      const Variable* pwd = model.variable("PWD", substitution);
      if (pwd != nullptr && !pwd->definitions.empty()) {
        safety.downgrade(Applicability::Unsafe, "the script assigns `PWD`");
      }
      Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`$(pwd)` forks a subshell: use `$PWD`");
      attach_cost(context, substitution, diagnostic);
      attach_fix(diagnostic, safety, "Replace with `$PWD`", {replace_node(substitution, "$PWD")});
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
