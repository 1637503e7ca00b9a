// FL403 seq-loop: `for i in $(seq A B)` -> `for ((i = A; i <= B; i++))` or a while counter.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `for i in $(seq …)` (and backticks) with one to three integer operands.

## Why is this bad?
`seq` is a process (two with the substitution) that prints numbers the shell
can count itself, and the whole list is built in memory first.

## Example
```sh
for i in $(seq 1 "$n"); do
    echo "$i"
done
```

## Use instead
```sh
for ((i = 1; i <= n; i++)); do   # bash, ksh93
    echo "$i"
done
```
In `sh` and mksh (no arithmetic `for`):
```sh
i=1; while [ "$i" -le "$n" ]; do
    echo "$i"
    i=$((i + 1))
done
```

## Fix safety
Safe when the operands are literals or variables proven to be integers, the
step is a literal, the body does not assign the loop variable (`for … in`
ignores such assignments, a counter does not), and the variable is not read
after the loop (it ends at the last value with `seq` and one step past it with
a counter). Otherwise unsafe: a bound that is not a number makes `seq` fail
(nothing runs) where the counter evaluates it as arithmetic (empty counts from
0, a name is read as a variable, bash rejects `08` as octal). `seq 5 1` prints nothing, and so does the
rewrite (brace expansion `{5..1}` would count down). The `while` form is
display-only when the body uses `continue`, which would skip the increment.
)md";

constexpr RuleInfo kInfo{"FL403", "seq-loop", "`for i in $(seq …)` forks: count in the shell", Severity::Warning,
                         kDocs, std::nullopt, FixAvailability::SometimesSafe};

struct SeqBounds {
  std::string first = "1";
  std::string step = "1";
  std::string last;
  bool descending = false;
};

// An operand as arithmetic text: a canonical literal or a bare variable name.
std::optional<std::string> operand(const SemanticModel& model, const Node* word, FixSafety& safety) {
  if (std::optional<std::string> value = static_word_value(model.source(), word)) {
    if (!is_decimal_integer(*value) || (*value)[0] == '+') return std::nullopt;
    return canonical_integer(*value);
  }
  const Node* param = plain_parameter(word);
  if (param == nullptr || !is_identifier(param->text)) return std::nullopt;
  if (!model.certainly_integer(param->text, param)) {
    safety.downgrade(Applicability::Unsafe, model.explain_not_integer(param->text, param) +
                                                 " (seq rejects non-numbers, arithmetic evaluates them)");
  }
  return std::string(param->text);
}

std::optional<SeqBounds> read_seq(const SemanticModel& model, const Node* seq, FixSafety& safety) {
  std::vector<const Node*> words = command_words(seq);
  std::vector<std::string> operands;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> text = operand(model, words[i], safety);
    if (!text) return std::nullopt;
    operands.push_back(*text);
  }
  SeqBounds bounds;
  if (operands.size() == 1) {
    bounds.last = operands[0];
  } else if (operands.size() == 2) {
    bounds.first = operands[0];
    bounds.last = operands[1];
  } else if (operands.size() == 3) {
    if (!is_decimal_integer(operands[1]) || operands[1] == "0") return std::nullopt;  // the step must be a literal
    bounds.first = operands[0];
    bounds.step = operands[1];
    bounds.last = operands[2];
    bounds.descending = operands[1][0] == '-';
  } else {
    return std::nullopt;
  }
  return bounds;
}

bool body_assigns(const Node* body, std::string_view name) {
  bool found = false;
  visit(body, [&](const Node* node) {
    if ((node->is(NodeKind::Assignment) && node->text == name) ||
        (arith_target(node) != nullptr && arith_target(node)->text == name)) {
      found = true;
    }
    return !found;
  });
  return found;
}

bool body_continues(const SemanticModel& model, const Node* body) {
  bool found = false;
  visit(body, [&](const Node* node) {
    if (node->is(NodeKind::SimpleCommand) && command_name(model.source(), node) == "continue") found = true;
    return !found && !is_loop(node);
  });
  return found;
}

bool read_after(const SemanticModel& model, const Node* loop, std::string_view name) {
  const Variable* variable = model.variable(name, loop);
  if (variable == nullptr) return false;
  for (const Node* use : variable->uses) {
    if (use->begin >= loop->end) return true;
  }
  return false;
}

std::string step_text(const std::string& name, const SeqBounds& bounds) {
  if (bounds.step == "1") return fmt::format("{}++", name);
  if (bounds.step == "-1") return fmt::format("{}--", name);
  if (bounds.descending) return fmt::format("{} -= {}", name, bounds.step.substr(1));
  return fmt::format("{} += {}", name, bounds.step);
}

class SeqLoop final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::For) && ForView(node).has_in() && ForView(node).items().size() == 1) check_loop(context, node, out);
      return true;
    });
  }

 private:
  static void check_loop(const LintContext& context, const Node* loop, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    ForView for_loop(loop);
    if (for_loop.items().empty()) return;
    const Node* word = for_loop.items()[0];
    NodeSpan parts = WordView(word).parts();
    if (parts.size() != 1) return;
    const Node* substitution = parts[0];
    if (!substitution->is(NodeKind::CommandSub) && !substitution->is(NodeKind::Backtick)) return;
    const Node* seq = sole_simple_command(substitution);
    if (seq == nullptr || command_name(model.source(), seq) != "seq" || has_redirects(seq) ||
        inside_escaped_backtick(model, seq)) {
      return;
    }
    FixSafety safety;
    std::optional<SeqBounds> bounds = read_seq(model, seq, safety);
    if (!bounds) return;
    std::string name(loop->text);
    const Node* body = for_loop.body();
    if (body_assigns(body, name)) {
      safety.downgrade(Applicability::Unsafe, fmt::format("the body assigns `{}`, which a counter would follow", name));
    }
    if (read_after(model, loop, name)) {
      safety.downgrade(Applicability::Unsafe, fmt::format("`{}` is read after the loop, where it ends one step further", name));
    }
    std::string compare = bounds->descending ? ">=" : "<=";
    std::vector<Edit> edits;
    std::string shown;
    if (context.dialect == Dialect::Bash || context.dialect == Dialect::Ksh) {
      shown = fmt::format("for (({} = {}; {} {} {}; {}))", name, bounds->first, name, compare, bounds->last,
                          step_text(name, *bounds));
      edits.push_back(Edit{loop->begin, word->end, shown});
    } else {
      std::string test = bounds->descending ? "-ge" : "-le";
      // A bound that is a variable is a bare name in arithmetic; here it needs its `$`.
      std::string first = is_identifier(bounds->first) ? "$" + bounds->first : bounds->first;
      std::string last = is_identifier(bounds->last) ? fmt::format("\"${}\"", bounds->last) : bounds->last;
      shown = fmt::format("{}={}; while [ \"${}\" {} {} ]", name, first, name, test, last);
      edits.push_back(Edit{loop->begin, word->end, shown});
      edits.push_back(increment_edit(model, loop, body, name, bounds->step));
      if (body_continues(model, body)) {
        safety.downgrade(Applicability::DisplayOnly, "`continue` in the body would skip the increment");
      }
    }
    Diagnostic diagnostic =
        make_diagnostic(kInfo, substitution, fmt::format("`seq` in a `for` list forks: use `{}`", shown));
    attach_cost(context, substitution, diagnostic);
    attach_fix(diagnostic, safety, fmt::format("Count with `{}`", shown), std::move(edits));
    out.push_back(std::move(diagnostic));
  }

  // `i=$((i + step))` as the body's last command, before `done`.
  static Edit increment_edit(const SemanticModel& model, const Node* loop, const Node* body, const std::string& name,
                             const std::string& step) {
    std::string increment = step[0] == '-' ? fmt::format("{}=$(({} - {}))", name, name, step.substr(1))
                                           : fmt::format("{}=$(({} + {}))", name, name, step);
    std::string_view source = model.source();
    uint32_t done = loop->end - 4;
    std::string indent = indentation_at(source, done);
    // `indentation_at` stops at `done`, so `done` starts its line when only the indent precedes it.
    bool done_starts_line = indent.size() <= done && (done == indent.size() || source[done - indent.size() - 1] == '\n');
    if (done_starts_line && !body->kids.empty()) {
      std::string body_indent = indentation_at(source, body->kids.back()->begin);
      uint32_t line_start = done - static_cast<uint32_t>(indent.size());
      return Edit{line_start, line_start, fmt::format("{}{}\n", body_indent, increment)};
    }
    return Edit{done, done, fmt::format("{}; ", increment)};
  }
};

}  // namespace

const Rule& seq_loop_rule() {
  static const SeqLoop rule;
  return rule;
}

}  // namespace forklift
