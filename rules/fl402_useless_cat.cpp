// FL402 useless-cat: `cat file | cmd` -> `cmd < file`.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `cat FILE | cmd`: a pipeline whose first element only copies one file.

## Why is this bad?
The `cat` process and the pipe are overhead: `cmd < FILE` reads the file
directly, and a `while read` loop fed this way avoids a subshell too.

## Example
```sh
cat "$list" | while read -r host; do
    ping -c1 "$host"
done
```

## Use instead
```sh
while read -r host; do
    ping -c1 "$host"
done < "$list"
```

## Fix safety
Unsafe: when the file cannot be opened, `cmd` no longer runs at all (with
`cat` it ran on empty input); and in bash, dash and mksh a loop or builtin
that was the last element of the pipeline now runs in the current shell, so
the variables it sets stay set afterwards (ksh93 already ran it there).
)md";

constexpr RuleInfo kInfo{"FL402", "useless-cat", "`cat file | cmd`: use `cmd < file`", Severity::Warning, kDocs,
                         "SC2002", FixAvailability::Unsafe};

bool reads_stdin_redirect(const Node* node) {
  for (const Node* kid : node->kids) {
    auto redirect = view_if<RedirectView>(kid);
    if (!redirect) continue;
    std::optional<RedirectOperator> op = redirect->op();
    if (op == RedirectOperator::Input || op == RedirectOperator::HereDoc || op == RedirectOperator::HereDocStripTabs ||
        op == RedirectOperator::HereDocStripIndent || op == RedirectOperator::HereString ||
        op == RedirectOperator::ReadWrite) {
      if (redirect->fd() == nullptr) return true;
    }
  }
  return false;
}

class UselessCat final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::Pipeline) || PipelineView(node).stderr_linked(0)) return true;
      NodeSpan commands = PipelineView(node).commands();
      if (commands.size() < 2) return true;
      const Node* cat = commands[0];
      const Node* reader = commands[1];
      if (!cat->is(NodeKind::SimpleCommand) || command_name(model.source(), cat) != "cat" || has_redirects(cat) ||
          has_assignments(cat) || inside_escaped_backtick(model, node)) {
        return true;
      }
      std::vector<const Node*> words = command_words(cat);
      if (words.size() != 2) return true;
      std::optional<std::string> file = static_word_value(model.source(), words[1]);
      if ((file && (file->empty() || (*file)[0] == '-')) || (words[1]->flags & (kWordHasGlob | kWordHasBrace)) != 0) {
        return true;
      }
      if (reads_stdin_redirect(reader) || reader->is(NodeKind::Pipeline)) return true;
      FixSafety safety;
      safety.downgrade(Applicability::Unsafe, "when the file cannot be opened the command no longer runs");
      bool simple = reader->is(NodeKind::SimpleCommand) && model.command_kind(reader) == CommandKind::External;
      if (node->kids.size() == 2 && !simple && context.dialect != Dialect::Ksh) {
        safety.downgrade(Applicability::Unsafe, "the command now runs in the current shell: variables it sets persist");
      }
      std::string file_text(model.text(words[1]));
      Diagnostic diagnostic = make_diagnostic(kInfo, cat, fmt::format("Useless `cat`: redirect `< {}` instead", file_text));
      attach_cost(context, cat, diagnostic);
      attach_fix(diagnostic, safety, fmt::format("Redirect `< {}`", file_text),
                 {Edit{cat->begin, reader->begin, ""}, Edit{reader->end, reader->end, fmt::format(" < {}", file_text)}});
      out.push_back(std::move(diagnostic));
      return true;
    });
  }
};

}  // namespace

const Rule& useless_cat_rule() {
  static const UselessCat rule;
  return rule;
}

}  // namespace forklift
