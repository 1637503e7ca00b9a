// FL106 arith-bracket: obsolete `$[ ]` -> `$(( ))`.
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds bash's obsolete arithmetic expansion `$[ expr ]`.

## Why is this bad?
`$[ ]` is undocumented since bash 2 and slated for removal; ksh93, dash and
mksh print it literally (`$[1+2]` stays `$[1+2]`). `$(( ))` is POSIX.

## Example
```sh
next=$[i + 1]
```

## Use instead
```sh
next=$((i + 1))
```

## Fix safety
Safe: bash evaluates both forms identically.
)md";

constexpr RuleInfo kInfo{"FL106", "arith-bracket", "`$[ ]` is obsolete: use `$(( ))`", Severity::Warning, kDocs,
                         "SC2007", FixAvailability::Safe};

class ArithBracket final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::ArithBracket) || node->end - node->begin < 3) return true;
      Diagnostic diagnostic = make_diagnostic(kInfo, node, "`$[ ]` is obsolete bash syntax: use `$(( ))`");
      attach_fix(diagnostic, FixSafety{}, "Replace `$[ ]` with `$(( ))`",
                 {Edit{node->begin, node->begin + 2, "$(("}, Edit{node->end - 1, node->end, "))"}});
      out.push_back(std::move(diagnostic));
      return true;
    });
  }
};

}  // namespace

const Rule& arith_bracket_rule() {
  static const ArithBracket rule;
  return rule;
}

}  // namespace forklift
