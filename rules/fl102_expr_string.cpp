// FL102 expr-string: `expr length|substr|index|match|:` -> parameter expansions.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `expr` string operators: `length`, `substr`, `index`, `match` and `:`.

## Why is this bad?
Each call forks a process to do what a parameter expansion does in the shell:
`${#v}` is the length, `${v:offset:length}` a substring (bash, ksh, mksh).

## Example
```sh
n=$(expr length "$name")
head=$(expr substr "$name" 1 3)
```

## Use instead
```sh
n=${#name}
head=${name:0:3}
```

## Fix safety
`expr length "$v"` becomes `${#v}`: `expr` fails (status 2, empty output) when
the value looks like one of its operators (`length`, `+`, `(`), so the fix is
safe only when `$v` is known to be an integer, and unsafe otherwise. `expr`
also exits with status 1 when the length is 0: the fix is downgraded when the
status is used. dash's `${#v}` counts bytes where `expr length` counts
characters (`été` is 5 against 3). `expr substr "$v" P L` with literal positive P and L becomes
`${v:P-1:L}`, which dash does not have (no fix for `sh`); it fails the same
way on operator-like values, so it is unsafe unless `$v` is an integer; and
`$( )` strips trailing newlines that `${v:P-1:L}` keeps. `index`, `match` and
`:` (anchored basic regular expressions, whose result is a count or a captured
group) have no expansion with the same semantics: they are reported without a
fix.
)md";

constexpr RuleInfo kInfo{"FL102", "expr-string", "`expr` string operators fork a process: use parameter expansion",
                         Severity::Warning, kDocs, "SC2308"};

std::optional<long long> positive_literal(const SemanticModel& model, const Node* word) {
  std::optional<std::string> value = static_word_value(model.source(), word);
  if (!value || !is_canonical_integer(*value) || (*value)[0] == '-' || *value == "0" || value->size() > 9) {
    return std::nullopt;
  }
  return std::stoll(*value);
}

class ExprString final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::SimpleCommand) && command_name(model.source(), node) == "expr" && !has_redirects(node) &&
          !inside_escaped_backtick(model, node)) {
        check_command(context, node, out);
      }
      return true;
    });
  }

 private:
  static void check_command(const LintContext& context, const Node* command, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::vector<const Node*> words = command_words(command);
    if (words.size() < 3) return;
    std::optional<std::string> op = static_word_value(model.source(), words[1]);
    std::optional<std::string> colon = words.size() == 4 ? static_word_value(model.source(), words[2]) : std::nullopt;
    bool string_operator = op == "length" || op == "substr" || op == "index" || op == "match" || colon == ":";
    if (!string_operator) return;

    const Node* list = model.parent(command);
    const Node* substitution = list != nullptr ? model.parent(list) : nullptr;
    if (substitution == nullptr || sole_simple_command(substitution) != command) {
      Diagnostic diagnostic = make_diagnostic(kInfo, command, "`expr` string operators fork a process");
      attach_cost(context, command, diagnostic);
      out.push_back(std::move(diagnostic));
      return;
    }
    SubstitutionSite site = locate_substitution(model, substitution);
    std::string replacement;
    FixSafety safety;
    const Node* param = words.size() >= 3 ? plain_parameter(words[2]) : nullptr;
    if (op == "length" && words.size() == 3 && param != nullptr && is_identifier(param->text)) {
      replacement = fmt::format("${{#{}}}", param->text);
      if (!model.certainly_integer(param->text, param)) {
        safety.downgrade(Applicability::Unsafe,
                         "`expr length` fails when the value is one of its operators (`length`, `+`, `(`)");
      }
      if (site.sets_command_status) {
        require_status_unused(context, site.command, "`expr` exits with status 1 for an empty value", safety);
      }
    } else if (op == "substr" && words.size() == 5 && param != nullptr && is_identifier(param->text) &&
               model.dialect() != Dialect::Sh) {
      auto position = positive_literal(model, words[3]);
      auto length = positive_literal(model, words[4]);
      if (!position || !length) return report_without_fix(context, substitution, out);
      replacement = fmt::format("${{{}:{}:{}}}", param->text, *position - 1, *length);
      if (!model.certainly_integer(param->text, param)) {
        safety.downgrade(Applicability::Unsafe,
                         "`expr substr` fails when the value is one of its operators (`length`, `+`, `(`)");
      }
      if (site.sets_command_status) {
        require_status_unused(context, site.command, "`expr` exits with status 1 for an empty result", safety);
      }
    } else {
      return report_without_fix(context, substitution, out);
    }
    out.push_back(replacement_diagnostic(context, kInfo, substitution, fmt::format("`expr {}` forks a process: use `{}`", *op, replacement), safety, replacement));
  }

  static void report_without_fix(const LintContext& context, const Node* node, std::vector<Diagnostic>& out) {
    Diagnostic diagnostic = make_diagnostic(
        kInfo, node,
        "`expr` string operators fork a process; no expansion has the same semantics here (use `[[ =~ ]]` or "
        "`case` with care: `expr` anchors basic regular expressions)");
    attach_cost(context, node, diagnostic);
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& expr_string_rule() {
  static const ExprString rule;
  return rule;
}

}  // namespace forklift
