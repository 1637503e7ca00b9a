// FL102 expr-string: `expr length|substr|index|match|:` -> parameter expansions.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/discarded_output.h"
#include "rules/expr_match.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/rules_catalog.h"
#include "rules/sed/translate.h"
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
`:` without a group (whose result is a count) are reported without a fix,
except where only the status is used.

`r=$(expr "x$v" : 'x\([^=]*\)=')`, alone on its statement, prints what the
one group matched, or nothing when the expression does not match the start
of the string: it goes through the sed compiler as `sed -n
's/^\([^=]*\)=.*/\1/p'` on `$v` (the operand's literal prefix, which the
expression must start with too, taken off both) and becomes the `case` it
writes: `case $v in *=*) r=${v%%=*};; *) r=;; esac`. A group of a
bracket's characters alone (`'x\([0-9]*\)'`) matches every string: it is the
value up to the first other character, `${v%%[!0-9]*}`. expr's `.` and
`[^…]` match a newline as the patterns do, but `$( )` strips the newlines a
match ends with: the fix is safe when `$v` is known to hold no newline, and
otherwise a guarded fix keeps expr for values holding one. It is unsafe when
the operand has no literal prefix (a value like `length` is an operator), when
the statement's status is used (expr exits 1 for an empty match or `0`), for
`LC_ALL=C expr` (bytes, not characters) and with `set -u` when `$v` may be
unset; an expression with a `^` (read differently by expr implementations)
or with groups the sed compiler has no equivalent for gets no fix.

`expr STR : RE >/dev/null` run for its status (`if expr "x$v" : '.*[^a-z]'
>/dev/null`) becomes `case STR in GLOB) true ;; *) false ;; esac` when RE is
literals, `.`, bracket expressions and `.*`, optionally ending in `$` (expr
anchors RE at the start and exits 0 when it matches a non-empty prefix; `.`,
`[^…]` and `.*` match a newline in expr as `?`, `[!…]` and `*` do in a
pattern, and `$` is the end of the string). RE may read variables every
assignment of which that reaches it sets the same literal (`".*[^$chars]"`;
not where `eval` or `.` may assign them). The fix is safe when STR is
quoted and starts with literal text that no expr operator starts with
(`"x$v"`): a value such as `length`, `(` or `--` is read by expr as an
operator. In dash and mksh `?` and `[…]` match a byte where expr matches a
character: there the fix is unsafe for UTF-8 values, unless the atom only
asks whether some character of an ASCII set occurs (`.*[^a-z]`). The
pattern is matched as bash's `nocasematch` leaves it.
)md";

constexpr RuleInfo kInfo{"FL102", "expr-string", "`expr` string operators fork a process: use parameter expansion",
                         Severity::Warning, kDocs, "SC2308", FixAvailability::SometimesSafe};

std::optional<long long> positive_literal(const SemanticModel& model, const Node* word) {
  std::optional<std::string> value = static_word_value(model.source(), word);
  if (!value || !is_canonical_integer(*value) || (*value)[0] == '-' || *value == "0" || value->size() > 9) {
    return std::nullopt;
  }
  return std::stoll(*value);
}

// A variable or a positional parameter `$1`…`$9`, which the sed compiler's
// expansions can read.
bool readable_name(std::string_view name) {
  return is_identifier(name) || (name.size() == 1 && name[0] >= '1' && name[0] <= '9');
}

class ExprString final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::SimpleCommand) && command_name(model.source(), node) == "expr" &&
          !inside_escaped_backtick(model, node)) {
        if (!has_redirects(node)) {
          check_command(context, node, out);
        } else {
          check_status_only(context, node, out);
        }
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
    } else if (colon == ":") {
      return check_capture(context, substitution, site, words, out);
    } else {
      return report_without_fix(context, substitution, out);
    }
    out.push_back(replacement_diagnostic(context, kInfo, substitution, fmt::format("`expr {}` forks a process: use `{}`", *op, replacement), safety, replacement));
  }

  // `r=$(expr "x$v" : 'x\(…\)…')` alone on its statement, through the sed
  // compiler: the group's text, or nothing when RE does not match.
  static void check_capture(const LintContext& context, const Node* substitution, const SubstitutionSite& site,
                            const std::vector<const Node*>& words, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    const Node* statement = own_assignment_statement(model, site);
    std::optional<std::string> re = model.static_text(words[3]);
    std::optional<PrefixedParameter> subject = quoted_prefixed_parameter(model.source(), words[1]);
    std::string refusal;
    std::optional<sed::SedProgram> program =
        statement != nullptr && re && subject && readable_name(subject->parameter->text)
            ? expr_capture_program(*re, subject->prefix, refusal)
            : std::nullopt;
    if (!program || has_assignments(sole_simple_command(substitution))) return report_without_fix(context, substitution, out);
    std::string_view name = subject->parameter->text;
    // The fallback arm of a guarded rewrite keeps the command on purpose.
    if (guard_around(model, substitution, name)) return;
    std::string output(site.assignment->text);
    sed::Translation translation = sed::translate(*program, name, output, sed::target_for(context.dialect));
    if (!translation.refusal.empty()) return report_without_fix(context, substitution, out);
    FixSafety safety;
    downgrade_for_subject(model, words[1], safety);
    require_set_under_nounset(model, name, subject->parameter, safety);
    ValueFacts facts = model.value_facts(subject->parameter);
    if (facts.has(ValueFact::NoNewline)) {
      safety.prove(facts.proof(ValueFact::NoNewline, name));
    } else {
      safety.downgrade_for_fact(
          ValueFact::NoNewline, name,
          fmt::format("`$( )` strips a trailing newline of the match, the rewrite keeps it: {}",
                      facts.missing(ValueFact::NoNewline, name)));
    }
    for (const std::string& caveat : translation.caveats) safety.downgrade(Applicability::Unsafe, caveat);
    require_status_unused(context, site.command, "`expr` exits with status 1 when the match is empty or `0`",
                          safety);
    std::string replacement = sed::on_one_line(translation.statements);
    Diagnostic diagnostic = make_diagnostic(
        kInfo, substitution, fmt::format("`expr … : …` forks a process: use `{}`", replacement));
    attach_cost(context, substitution, diagnostic);
    attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement),
                         replace_node(statement, replacement), statement);
    out.push_back(std::move(diagnostic));
  }

  // `expr STR : RE >/dev/null` as a command whose status alone is used.
  static void check_status_only(const LintContext& context, const Node* command, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::vector<const Node*> words = command_words(command);
    bool discarded = false;
    if (words.size() != 4 || static_word_value(model.source(), words[2]) != ":" || has_assignments(command) ||
        !redirects_only_discard(model, command, false, discarded) || !discarded) {
      return;
    }
    const Node* up = model.parent(command);
    if (up == nullptr || up->is(NodeKind::Pipeline) || up->is(NodeKind::CommandSub) || up->is(NodeKind::Backtick)) {
      return;
    }
    std::optional<std::string> re = model.static_text(words[3]);
    WordView subject(words[1]);
    std::string refusal = "a regular expression that is not literal text";
    bool dash_like = context.dialect == Dialect::Sh || context.dialect == Dialect::Mksh;
    std::optional<ExprStatusPattern> pattern = re ? expr_status_pattern(*re, dash_like, refusal) : std::nullopt;
    if (!pattern || subject.has_glob() || subject.has_brace()) {
      Diagnostic diagnostic = make_diagnostic(
          kInfo, command, fmt::format("`expr … : …` forks a process; no `case` pattern says the same ({})", refusal));
      attach_cost(context, command, diagnostic);
      out.push_back(std::move(diagnostic));
      return;
    }
    FixSafety safety;
    downgrade_for_subject(model, words[1], safety);
    for (const std::string& caveat : pattern->caveats) safety.downgrade(Applicability::Unsafe, caveat);
    std::string replacement =
        fmt::format("case {} in {}) true ;; *) false ;; esac", model.text(words[1]), pattern->glob);
    out.push_back(replacement_diagnostic(context, kInfo, command,
                                         fmt::format("`expr … : …` forks a process: use `{}`", replacement), safety,
                                         replacement));
  }

  // expr splits and globs an unquoted operand, and reads an operator-like
  // one as an operator; a `case` subject is neither.
  static void downgrade_for_subject(const SemanticModel& model, const Node* word, FixSafety& safety) {
    for (const Node* part : WordView(word).parts()) {
      if (!part->is(NodeKind::Literal) && !part->is(NodeKind::SingleQuoted) && !part->is(NodeKind::DoubleQuoted)) {
        safety.downgrade(Applicability::Unsafe,
                         "expr's operand has an unquoted expansion, which is split and globbed there and not in `case`");
        return;
      }
    }
    ValueFacts facts = model.word_facts(word);
    if (may_be_expr_operator(facts.prefix, facts.exact)) {
      safety.downgrade(Applicability::Unsafe,
                       "the operand does not start with literal text: expr reads a value such as `length`, `(` or "
                       "`--` as an operator");
    } else {
      safety.prove(fmt::format("the operand starts with `{}`, which no expr operator starts with", facts.prefix));
    }
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
