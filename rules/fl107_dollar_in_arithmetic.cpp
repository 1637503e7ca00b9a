// FL107 dollar-in-arithmetic: `$(( $x + 1 ))` -> `$(( x + 1 ))`.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$name` and `${name}` used as operands inside arithmetic (`$(( ))`,
`(( ))`, `for (( ))`).

## Why is this bad?
Inside arithmetic a bare name already reads the variable. `$x` is expanded as
text first and the text is re-parsed: `x=1+2; echo $(( $x * 2 ))` prints 5,
not 6, and a negative value after `-` produces `5--3`, a syntax error.

## Example
```sh
echo $(( $count + 1 ))
```

## Use instead
```sh
echo $(( count + 1 ))
```

## Fix safety
Safe when the model proves the variable is a canonical decimal integer and it
is non-negative or not right after a `+`/`-`. Otherwise unsafe: the two forms
differ when the value is an expression, empty, or negative after a sign.
)md";

constexpr RuleInfo kInfo{"FL107", "dollar-in-arithmetic", "`$` on a variable inside arithmetic is unnecessary",
                         Severity::Hint, kDocs, "SC2004", FixAvailability::SometimesSafe};

char previous_non_space(std::string_view source, uint32_t offset) {
  while (offset > 0) {
    char c = source[--offset];
    if (c != ' ' && c != '\t') return c;
  }
  return '\0';
}

class DollarInArithmetic final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::ArithWord) || ArithWordView(node).parts().size() != 1) return true;
      const Node* param = ArithWordView(node).parts()[0];
      if (!param->is(NodeKind::ParamExp) || !is_identifier(param->text) || !param->op.empty() ||
          !param->kids.empty() || (param->flags & (kParamLength | kParamIndirect)) != 0 ||
          inside_escaped_backtick(model, node)) {
        return true;
      }
      std::string_view name = param->text;
      FixSafety safety;
      if (!model.certainly_integer(name, param)) {
        safety.downgrade(Applicability::Unsafe,
                         fmt::format("{}; `$` re-parses the value as an expression", model.explain_not_integer(name, param)));
      } else if (!model.certainly_non_negative(name, param)) {
        char before = previous_non_space(model.source(), node->begin);
        if (before == '-' || before == '+') {
          safety.downgrade(Applicability::Unsafe, "a negative value after a sign would read as `--`/`+-`");
        }
      }
      Diagnostic diagnostic =
          make_diagnostic(kInfo, node, fmt::format("`{}` in arithmetic: use the bare name `{}`", model.text(node), name));
      attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", name), {replace_node(node, std::string(name))});
      out.push_back(std::move(diagnostic));
      return true;
    });
  }
};

}  // namespace

const Rule& dollar_in_arithmetic_rule() {
  static const DollarInArithmetic rule;
  return rule;
}

}  // namespace forklift
