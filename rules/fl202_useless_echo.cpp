// FL202 useless-echo: `$(echo …)` -> the words; `echo $(cmd)` -> `cmd`.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(echo …)`, which runs a subshell to print words the shell already has,
and `echo $(cmd)` / `echo "$(cmd)"`, which captures a command's output only to
print it again.

## Why is this bad?
Both cost a fork (bash, dash and mksh fork for every `$( )`) and obscure what
the code does.

## Example
```sh
name=$(echo "$first")
echo "$(date +%F)"
```

## Use instead
```sh
name=$first
date +%F
```

## Fix safety
`v=$(echo WORD)` becomes `v=WORD` safely when WORD is a literal without a
leading `-` or backslashes, or a variable proven to be an integer; otherwise
the fix is unsafe (echo takes `-n` as an option, dash's echo interprets
backslashes, `$( )` strips trailing newlines). Only the whole value of an
assignment is rewritten. `echo $(cmd)` → `cmd` is always unsafe: echo prints
an empty line when `cmd` prints nothing, collapses trailing newlines into one,
and, unquoted, joins lines with spaces; the exit status becomes `cmd`'s
(display-only when it is tested).
)md";

constexpr RuleInfo kInfo{"FL202", "useless-echo", "Useless `echo` around or inside a command substitution",
                         Severity::Warning, kDocs, "SC2116", FixAvailability::SometimesSafe};

class UselessEcho final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const Node* substitution : context.model.substitutions()) {
      if (inside_escaped_backtick(context.model, substitution)) continue;
      check_echo_inside(context, substitution, out);
      check_echo_around(context, substitution, out);
    }
  }

 private:
  // `v=$(echo WORD)`
  static void check_echo_inside(const LintContext& context, const Node* substitution, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    const Node* echo = sole_simple_command(substitution);
    if (echo == nullptr || command_name(model.source(), echo) != "echo" || has_redirects(echo) ||
        has_assignments(echo)) {
      return;
    }
    std::vector<const Node*> words = command_words(echo);
    if (words.size() != 2) return;
    SubstitutionSite site = locate_substitution(model, substitution);
    Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`$(echo …)` forks to print words the shell has");
    attach_cost(context, substitution, diagnostic);
    if (site.assignment != nullptr && site.whole_word && !site.quoted) {
      const Node* word = words[1];
      FixSafety safety;
      std::optional<std::string> value = static_word_value(model.source(), word);
      const Node* param = plain_parameter(word);
      if (value) {
        if (value->empty() || (*value)[0] == '-' || value->find('\\') != std::string::npos) {
          safety.downgrade(Applicability::Unsafe, "echo treats a leading `-` or backslashes specially");
        }
      } else if (param != nullptr && is_identifier(param->text) && model.certainly_integer(param->text, param)) {
        // an integer prints as itself
      } else {
        safety.downgrade(Applicability::Unsafe,
                         "echo takes a value like `-n` as an option, dash's echo interprets backslashes and `$( )` "
                         "strips trailing newlines");
        if (param == nullptr || quoted_plain_parameter(word) == nullptr) {
          safety.downgrade(Applicability::Unsafe,
                           "echo's unquoted arguments are split and globbed, an assignment's value is not");
        }
      }
      std::string replacement(model.text(word));
      attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", replacement),
                 {replace_node(substitution, replacement)});
    }
    out.push_back(std::move(diagnostic));
  }

  // `echo $(cmd)` / `echo "$(cmd)"`
  static void check_echo_around(const LintContext& context, const Node* substitution, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    SubstitutionSite site = locate_substitution(model, substitution);
    if (site.command == nullptr || !site.whole_word || site.assignment != nullptr) return;
    const Node* echo = site.command;
    std::vector<const Node*> words = command_words(echo);
    if (!echo->is(NodeKind::SimpleCommand) || command_name(model.source(), echo) != "echo" || words.size() != 2 ||
        words[1] != site.word || has_redirects(echo) || has_assignments(echo) || inner_list(substitution) == nullptr) {
      return;
    }
    const Node* list = inner_list(substitution);
    NodeSpan statements = ListView(list).statements();
    if (statements.empty()) return;
    std::string body(model.source().substr(list->begin, list->end - list->begin));
    if (statements.size() > 1) body = fmt::format("{{ {}; }}", body);
    FixSafety safety;
    safety.downgrade(Applicability::Unsafe,
                     site.quoted ? "echo prints an empty line for empty output and keeps only one trailing newline"
                                 : "echo joins the output's lines with spaces and prints an empty line for empty output");
    require_status_unused(context, echo, "the exit status becomes the command's instead of echo's", safety);
    Diagnostic diagnostic = make_diagnostic(kInfo, echo, "`echo $(cmd)` captures output only to print it: run `cmd`");
    attach_cost(context, substitution, diagnostic);
    attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", body), {replace_node(echo, body)});
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& useless_echo_rule() {
  static const UselessEcho rule;
  return rule;
}

}  // namespace forklift
