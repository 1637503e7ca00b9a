// FL201 backticks: `` `cmd` `` -> `$(cmd)`, re-escaping nested backticks.
#include <fmt/format.h>

#include "analyzer/exact_parser.h"
#include "rules/backtick_body.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds command substitutions written with backticks.

## Why is this bad?
Backticks need backslashes to nest and change the meaning of `\` inside them:
`` `echo \`date\`` `` and `` `echo \\$x` `` are hard to read and easy to get
wrong. `$( )` nests without escaping and is POSIX.

## Example
```sh
x=`echo \`echo inner\``
```

## Use instead
```sh
x=$(echo $(echo inner))
```

## Fix safety
Safe: the body is unescaped the way the shell does it inside backticks: `\$`,
`` \` `` and `\\` lose their backslash, others keep it, and inside double
quotes `\"` loses its backslash too (dash, bash, ksh93, mksh and BusyBox
agree). Nested backticks become nested `$( )`; a `$` right before the
backtick (`$\`cmd\``, a literal `$`) is written `\$` so it does not form `$$`
(the shell's PID); a body starting with `(` gets a space so it does not read
as `$((`; a body ending in a comment gets a newline before the `)`. Unsafe in
a here-document when the body has `\"`: dash and ksh93 remove that backslash,
bash and mksh keep it. No fix when the body has a here-document of its own,
ends in a lone backslash, or would end elsewhere inside `$( )`: a `(` the
backticks leave open, as in an extended glob `+(x`, takes the `)`.
)md";

constexpr RuleInfo kInfo{"FL201", "backticks", "Backtick command substitution: use `$( )`", Severity::Info, kDocs,
                         "SC2006", FixAvailability::Safe};

// Whether `$(body)` reads back as one command substitution that ends at its
// last `)`. Inside backticks a `(` may stay open (`+(w` is an extended glob
// only once it closes); inside `$( )` it takes the closing `)`.
bool reads_back_whole(std::string_view replacement, Dialect dialect) {
  if (replacement.find_first_of("()", 2) == replacement.size() - 1) return true;
  SourceFile file("FL201", "x=" + std::string(replacement));
  ParseResult parsed = parse_exact(file, dialect);
  if (!parsed.errors.empty() || parsed.ast == nullptr) return false;
  bool whole = false;
  visit(parsed.ast->root, [&](const Node* node) {
    whole = whole || (node->is(NodeKind::CommandSub) && node->begin == 2 && node->end == file.text().size());
    return !whole;
  });
  return whole;
}

class Backticks final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    visit(context.ast.root, [&](const Node* node) {
      if (!node->is(NodeKind::Backtick)) return true;
      std::string_view text = model.text(node);
      if (text.size() < 2 || text.front() != '`' || text.back() != '`') return false;
      const Node* parent = model.parent(node);
      bool in_here_document = parent != nullptr && parent->is(NodeKind::HereDocBody);
      bool in_double_quotes = in_here_document || (parent != nullptr && parent->is(NodeKind::DoubleQuoted));
      FixSafety safety;
      if (in_here_document && text.find("\\\"") != std::string_view::npos) {
        safety.downgrade(Applicability::Unsafe,
                         "in a here-document dash and ksh93 remove the backslash of `\\\"` inside backticks, bash and mksh keep it");
      }
      std::optional<std::string> body = dollar_paren_body(text.substr(1, text.size() - 2), in_double_quotes);
      Diagnostic diagnostic = make_diagnostic(kInfo, node, "Use `$( )` instead of backticks");
      std::string replacement = body ? fmt::format("$({})", *body) : std::string();
      if (body && !reads_back_whole(replacement, model.dialect())) {
        diagnostic.message += " (no fix: inside `$( )` a `(` the body leaves open would take its `)`)";
      } else if (body) {
        Edit edit = replace_node(node, replacement);
        // `$` then a backtick is a literal `$`; before `$(` it would form `$$`.
        if (unescaped_dollar_before(model.source(), node->begin)) {
          edit.begin -= 1;
          edit.replacement = "\\$" + replacement;
        }
        attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", edit.replacement), {edit});
      }
      out.push_back(std::move(diagnostic));
      return false;  // nested backticks are converted with their parent
    });
  }
};

}  // namespace

const Rule& backticks_rule() {
  static const Backticks rule;
  return rule;
}

}  // namespace forklift
