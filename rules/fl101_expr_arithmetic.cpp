// FL101 expr-arithmetic: `expr` arithmetic and comparisons -> `$(( ))`.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `expr` used for integer arithmetic or comparisons (`+ - * / %`,
`< <= = != >= >`), usually as `` i=`expr $i + 1` `` or `i=$(expr $i + 1)`.

## Why is this bad?
Every `expr` forks and execs a process: in a loop that is most of the
script's run time (a 200-iteration counter loop takes ~10 s with `expr` and
~0.1 s with `$(( ))` in bash). Shell arithmetic is POSIX and runs in the shell.

## Example
```sh
i=0
while [ $i -lt 10 ]; do
    i=`expr $i + 1`
done
```

## Use instead
```sh
i=0
while [ $i -lt 10 ]; do
    i=$((i + 1))
done
```

## Fix safety
Safe only when the model proves the operands are canonical decimal integers
(integer inference) and the exit status does not change or is not used.
`expr` differs from `$(( ))` on other inputs: it rejects non-integers with
status 2 (`$(( ))` evaluates a name recursively, treats empty as 0), reads
`010` as ten (bash reads it as octal 8), exits with status 1 when the result is
0 (`set -e` then ends the script; `while i=$(expr $i - 1)` relies on it), and
fails with status 2 on division by zero where `$(( ))` aborts the shell.
Literal leading zeros are dropped in the rewrite (`010` becomes `10`).
Where the only thing not proven is that one variable holds such an integer,
and the substitution's statement can be wrapped in a `case` (alone on its
line, no here-document), the fix is safe and guarded: values other than a
plain decimal integer (empty, a sign, a leading `0`, more than 18 digits,
any other character) keep `expr`:

```sh
case $n in '' | *[!0123456789]* | 0?* | ???????????????????*) n=$(expr $n + 1) ;; *) n=$((n + 1)) ;; esac
```

Otherwise the fix is unsafe, or display-only when a condition, `&&`/`||`, `!`
or `$?` tests the status. Values and results are assumed to fit in 64 bits,
even for a safe fix: GNU `expr` uses arbitrary precision
(`expr 9223372036854775807 + 1` prints 9223372036854775808), `$(( ))` wraps
to a negative number (ksh93 turns it into a float).
)md";

constexpr RuleInfo kInfo{"FL101", "expr-arithmetic", "`expr` arithmetic forks a process: use `$(( ))`",
                         Severity::Warning, kDocs, "SC2003", FixAvailability::SometimesSafe};

bool is_operator(std::string_view token) {
  for (std::string_view op : {"+", "-", "*", "/", "%", "<", "<=", "=", "==", "!=", ">=", ">"}) {
    if (token == op) return true;
  }
  return false;
}

bool is_comparison(std::string_view token) { return token.find_first_of("<>=!") != std::string_view::npos; }

struct Translation {
  std::string arithmetic;
  FixSafety safety;
  bool result_positive = false;  // provably > 0: expr's status is 0 like $(( ))'s
};

class ExprTranslator {
 public:
  ExprTranslator(const LintContext& context, Translation& out) : context_(context), out_(out) {}

  bool translate(const std::vector<const Node*>& args) {
    int depth = 0;
    int comparisons = 0;
    bool expect_operand = true;
    bool only_sums = true;
    bool all_non_negative = true;
    bool some_positive_literal = false;
    std::string previous_operator;
    for (const Node* arg : args) {
      std::optional<std::string> value = static_word_value(context_.model.source(), arg);
      if (value && (*value == "(" || *value == ")")) {
        if (*value == "(" ? !expect_operand : expect_operand) return false;
        depth += *value == "(" ? 1 : -1;
        if (depth < 0) return false;
        append(*value);
        only_sums = false;
        continue;
      }
      if (value && is_operator(*value)) {
        if (expect_operand) return false;
        if (is_comparison(*value) && ++comparisons > 1) return false;
        if (*value != "+") only_sums = false;
        append(*value == "=" ? "==" : *value);
        previous_operator = *value;
        expect_operand = true;
        continue;
      }
      if (!expect_operand) return false;
      OperandFacts facts;
      if (!operand(arg, value, facts)) return false;
      if ((previous_operator == "/" || previous_operator == "%") && !facts.nonzero_literal) {
        out_.safety.downgrade(Applicability::Unsafe,
                              "a zero divisor makes `expr` fail with status 2 but aborts the shell in `$(( ))`");
      }
      all_non_negative = all_non_negative && facts.non_negative;
      some_positive_literal = some_positive_literal || facts.nonzero_literal;
      previous_operator.clear();
      expect_operand = false;
    }
    if (expect_operand || depth != 0) return false;
    out_.result_positive = only_sums && all_non_negative && some_positive_literal;
    return true;
  }

 private:
  struct OperandFacts {
    bool non_negative = false;
    bool nonzero_literal = false;
  };

  void append(std::string_view token) {
    if (!out_.arithmetic.empty() && token != ")" && out_.arithmetic.back() != '(') out_.arithmetic += ' ';
    out_.arithmetic += token;
  }

  bool operand(const Node* arg, const std::optional<std::string>& value, OperandFacts& facts) {
    const SemanticModel& model = context_.model;
    if (value) {
      if (!is_decimal_integer(*value) || (*value)[0] == '+') return false;
      std::string canonical = canonical_integer(*value);
      facts.non_negative = canonical[0] != '-';
      facts.nonzero_literal = canonical != "0" && facts.non_negative;
      append(canonical);
      return true;
    }
    if (const Node* param = plain_parameter(arg)) {
      std::string_view name = param->text;
      if (is_identifier(name)) {
        append(name);
        if (!model.certainly_integer(name, param)) {
          out_.safety.downgrade_for_trait(ValueTrait::NotInteger, name, model.explain_not_integer(name, param));
        }
        facts.non_negative = model.certainly_non_negative(name, param);
        return true;
      }
      append(fmt::format("${}", name));
      if (name != "?" && name != "#") {
        out_.safety.downgrade_for_trait(ValueTrait::NotInteger, name,
                                        fmt::format("`${}` is not known to be an integer", name));
      }
      facts.non_negative = true;
      return true;
    }
    NodeSpan parts = WordView(arg).parts();
    if (parts.size() != 1) return false;
    const Node* part = parts[0];
    if (auto quoted = view_if<DoubleQuotedView>(part); quoted && quoted->parts().size() == 1) part = quoted->parts()[0];
    bool length = part->is(NodeKind::ParamExp) && (part->flags & kParamLength) != 0 && part->op.empty();
    if (!length && !part->is(NodeKind::ArithExp)) return false;
    if (!model.integer_word(arg)) {
      out_.safety.downgrade(Applicability::Unsafe, "the arithmetic may yield a ksh93 float");
    }
    facts.non_negative = model.non_negative_word(arg);
    append(model.text(part));
    return true;
  }

  const LintContext& context_;
  Translation& out_;
};

class ExprArithmetic final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::SimpleCommand) && command_name(model.source(), node) == "expr" &&
          !has_redirects(node) && !has_assignments(node) && !inside_escaped_backtick(model, node)) {
        check_command(context, node, out);
      }
      return true;
    });
  }

 private:
  static void check_command(const LintContext& context, const Node* command, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::vector<const Node*> words = command_words(command);
    Translation translation;
    ExprTranslator translator(context, translation);
    if (!translator.translate({words.begin() + 1, words.end()})) return;
    if (guard_around(model, command)) return;  // a guarded rewrite's fallback

    const Node* list = model.parent(command);
    const Node* substitution = list != nullptr ? model.parent(list) : nullptr;
    bool in_substitution = substitution != nullptr && sole_simple_command(substitution) == command;
    // `$(((a + b) / c))` reads as `$(` + `((` in some shells: keep the parenthesis apart.
    bool leading_paren = translation.arithmetic.starts_with("(");
    std::string arithmetic = leading_paren ? fmt::format("$(( {} ))", translation.arithmetic)
                                           : fmt::format("$(({}))", translation.arithmetic);
    const Node* target = in_substitution ? substitution : command;
    std::string replacement = in_substitution ? arithmetic : fmt::format("echo {}", arithmetic);

    const Node* status_owner = command;
    if (in_substitution) {
      SubstitutionSite site = locate_substitution(model, substitution);
      status_owner = site.sets_command_status ? site.command : nullptr;
    } else if (list == nullptr || !(list->is(NodeKind::List) || list->is(NodeKind::Program))) {
      return;
    }
    if (status_owner != nullptr && !translation.result_positive) {
      require_status_unused(context, status_owner,
                            "`expr` exits with status 1 when the result is 0, `$(( ))` does not", translation.safety);
    }
    Diagnostic diagnostic = make_diagnostic(
        kInfo, target, fmt::format("`expr` forks a process for arithmetic: use `{}`", arithmetic));
    attach_cost(context, target, diagnostic);
    const std::vector<MissingTrait>& missing = translation.safety.missing_traits();
    const Node* statement = nullptr;
    if (in_substitution && !missing.empty()) {
      statement = guard_statement(model, locate_substitution(model, substitution), missing.front().variable);
    }
    attach_guardable_fix(context, diagnostic, translation.safety, fmt::format("Replace `expr` with `{}`", arithmetic),
                         replace_node(target, replacement), statement);
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& expr_arithmetic_rule() {
  static const ExprArithmetic rule;
  return rule;
}

}  // namespace forklift
