// FL308 grep-count: `grep … | wc -l` -> `grep -c …`.
#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `grep PATTERN [FILE] | wc -l`.

## Why is this bad?
`grep -c` counts matching lines itself: one process instead of two (and a
pipe).

## Example
```sh
errors=$(grep ERROR "$log" | wc -l)
```

## Use instead
```sh
errors=$(grep -c ERROR "$log")
```

## Fix safety
Only plain forms are rewritten: at most one file, and no option that changes
what is printed (`-o`, `-c`, `-l`, `-L`, `-q`, `-A/-B/-C`, `-z`, `-r`). The
pipeline's status is `wc`'s (0) while `grep -c` exits with 1 when nothing
matches, so the fix is downgraded when the status is used. With a file
operand it is unsafe: when the file cannot be read, `wc -l` still prints `0`
and `grep -c` prints nothing.
)md";

constexpr RuleInfo kInfo{"FL308", "grep-count", "`grep | wc -l`: use `grep -c`", Severity::Warning, kDocs, "SC2126",
                         FixAvailability::SometimesSafe};

// Counts grep's operands; nullopt for options that change what it prints.
std::optional<int> file_operands(const SemanticModel& model, const std::vector<const Node*>& words) {
  bool pattern_given = false;
  int operands = 0;
  bool options_done = false;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(model.source(), words[i]);
    if (!options_done && word && word->size() > 1 && (*word)[0] == '-') {
      if (*word == "--") {
        options_done = true;
        continue;
      }
      if (*word == "-e" || *word == "-f") {
        pattern_given = true;
        ++i;
        continue;
      }
      if (word->find_first_not_of("ivwxEFGPhHsanI", 1) != std::string::npos) return std::nullopt;
      continue;
    }
    if (!pattern_given) {
      pattern_given = true;
    } else {
      ++operands;
    }
  }
  if (!pattern_given) return std::nullopt;
  return operands;
}

class GrepCount final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    visit(context.ast.root, [&](const Node* node) {
      if (node->is(NodeKind::Pipeline) && node->kids.size() == 2 && node->flags == 0) check_pipeline(context, node, out);
      return true;
    });
  }

 private:
  static void check_pipeline(const LintContext& context, const Node* pipeline, std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    NodeSpan commands = PipelineView(pipeline).commands();
    const Node* grep = commands[0];
    const Node* wc = commands[1];
    if (!grep->is(NodeKind::SimpleCommand) || !wc->is(NodeKind::SimpleCommand) ||
        command_name(model.source(), grep) != "grep" || command_name(model.source(), wc) != "wc" ||
        has_redirects(grep) || has_redirects(wc) || has_assignments(grep) || inside_escaped_backtick(model, pipeline)) {
      return;
    }
    std::vector<const Node*> wc_words = command_words(wc);
    if (wc_words.size() != 2 || static_word_value(model.source(), wc_words[1]) != "-l") return;
    std::vector<const Node*> words = command_words(grep);
    std::optional<int> files = file_operands(model, words);
    if (!files || *files > 1) return;

    FixSafety safety;
    if (*files == 1) {
      safety.downgrade(Applicability::Unsafe, "when the file cannot be read `wc -l` prints 0 and `grep -c` nothing");
    }
    const Node* status_owner = pipeline;
    const Node* list = model.parent(pipeline);
    const Node* substitution = list != nullptr ? model.parent(list) : nullptr;
    if (substitution != nullptr && (substitution->is(NodeKind::CommandSub) || substitution->is(NodeKind::Backtick))) {
      SubstitutionSite site = locate_substitution(model, substitution);
      status_owner = site.sets_command_status ? site.command : nullptr;
    }
    if (status_owner != nullptr && !model.pipefail()) {
      require_status_unused(context, status_owner, "`grep -c` exits with 1 when nothing matches, `wc -l` with 0",
                            safety);
    }
    std::string_view grep_text = model.text(grep);
    std::string replacement = fmt::format("grep -c{}", grep_text.substr(words[0]->end - grep->begin));
    Diagnostic diagnostic = make_diagnostic(kInfo, pipeline, fmt::format("`grep | wc -l`: use `{}`", replacement));
    attach_cost(context, pipeline, diagnostic);
    attach_fix(diagnostic, safety, "Use `grep -c`",
               {Edit{words[0]->end, words[0]->end, " -c"}, Edit{grep->end, pipeline->end, ""}});
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& grep_count_rule() {
  static const GrepCount rule;
  return rule;
}

}  // namespace forklift
