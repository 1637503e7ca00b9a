// FL301 basename: `$(basename "$p")` -> `${p##*/}`.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/path_component.h"
#include "rules/rules_catalog.h"
#include "rules/shell_quoting.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(basename "$path")` and `$(basename "$path" .ext)`.

## Why is this bad?
It forks a subshell and execs `basename` (~50 ms per call on a slow VM, half
the run time of a loop over files) for what `${path##*/}` does in the shell.

## Example
```sh
for f in /var/log/*.log; do
    name=$(basename "$f")
done
```

## Use instead
```sh
for f in /var/log/*.log; do
    name=${f##*/}
done
```

## Fix safety
Safe when value facts prove the path does not end in `/`, does not start
with `-` and does not end in a newline (`for f in /var/log/*.log` proves all
three: every value starts with `/var/log/` and ends in `.log`); the message
names the facts. Otherwise unsafe: `${p##*/}` differs from `basename` when
the path ends in `/` (`/a/b/` gives an empty string instead of `b`), is `/`
(empty instead of `/`), ends in a newline (`$( )` strips it, the expansion
keeps it), or starts with `-` (an option to `basename`, an error without
`--`). An empty path gives an empty string either way (pure-shell functions
that print `/` for it are wrong). An unquoted `$p` is split into several
operands. With a suffix operand, `b=$(basename "$p" .ext)` becomes two steps,
`b=${p##*/}; [ "$b" = .ext ] || b=${b%.ext}` (`basename .ext .ext` keeps
`.ext`); a suffix from variables in double quotes (`".$ext"`) is matched
the same way, as literal text, unless it reads the variable the first step
assigns; elsewhere than a plain assignment the second step has no place and
the fix is only shown.
When those facts are missing and `b=$(basename "$p")` is alone on its
statement (or the substitution is in a command of its own, such as
`echo "$(basename "$p")"`, on one line, without a here-document, with
nothing in it that may assign `$p`), the fix is safe and guarded:
`case $p in -* | */ | *$'\n') b=$(basename "$p") ;; *) b=${p##*/} ;; esac`:
a path starting with `-`, ending in `/` (`/` and `//` included) or ending in
a newline keeps `basename` (in sh, which has no `$'…'`, `*[[:cntrl:]]` stands
for the newline and also takes other trailing control characters). An empty
path needs no pattern (both give an empty string), nor a newline before the
last name (`$( )` strips only trailing ones). Under a possible `set -u` an
unset `$p` ends only the `$( )` subshell in the original and would end the
script in `case $p`: the guard reads `${p-}`, and an empty or unset `$p`
keeps `basename`. An unquoted `$p` keeps it for what the default IFS splits
or a glob reads (`*[[:space:]]*`, `*[*?[\(]*`, `*\\*`; `(` for ksh's
`@(…)`) and for an empty value (no operand at all); no guard where the
script may assign `IFS`, and for variables that read differently twice
(`RANDOM`, `SECONDS`, `BASHPID`, …).
)md";

constexpr RuleInfo kInfo{"FL301", "basename", "`$(basename …)` forks: use `${p##*/}`", Severity::Warning, kDocs,
                         std::nullopt, FixAvailability::SometimesSafe};

// A suffix read from variables, as written: a word in double quotes of
// literal text and plain parameters (`".$ext"`), which a pattern and `[ ]`
// read as literal text. The names it reads go in `names`.
std::optional<std::string> quoted_suffix(const SemanticModel& model, const Node* word, std::vector<std::string>& names) {
  NodeSpan parts = WordView(word).parts();
  if (parts.size() != 1 || !parts[0]->is(NodeKind::DoubleQuoted)) return std::nullopt;
  for (const Node* inner : parts[0]->kids) {
    if (inner->is(NodeKind::ParamExp) && is_plain_parameter(inner)) {
      names.emplace_back(inner->text);
    } else if (!static_part_value(model.source(), inner)) {
      return std::nullopt;
    }
  }
  return std::string(model.text(word));
}

// `b=$(basename "$p" .ext)` as a statement of its own: the suffix goes in a
// second step after the assignment. `pattern` is the suffix as a literal
// pattern (quoted as needed).
Diagnostic suffix_diagnostic(const LintContext& context, const PathCall& call, const std::string& pattern,
                             const std::string& expansion, FixSafety safety) {
  const SemanticModel& model = context.model;
  SubstitutionSite site = locate_substitution(model, call.substitution);
  const Node* statement = own_assignment_statement(model, site);
  if (statement == nullptr) {
    safety.downgrade(Applicability::DisplayOnly,
                     fmt::format("removing the suffix needs a second step: `${{name%{}}}`", pattern));
    return replacement_diagnostic(context, kInfo, call.substitution,
                                  fmt::format("`basename` forks a process: use `{}`", expansion), safety, expansion);
  }
  std::string name(site.assignment->text);
  std::string replacement = fmt::format("{0}={1}; [ \"${0}\" = {2} ] || {0}=${{{0}%{2}}}", name, expansion, pattern);
  Diagnostic diagnostic =
      make_diagnostic(kInfo, statement, fmt::format("`basename` forks a process: use `{}`", replacement));
  attach_cost(context, statement, diagnostic);
  attach_guardable_fix(context, diagnostic, std::move(safety), fmt::format("Replace with `{}`", replacement),
                       replace_node(statement, replacement), statement);
  return diagnostic;
}

class Basename final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const PathCall& call : find_path_calls(context.model, "basename")) {
      if (guard_around(context.model, call.substitution, call.parameter->text)) continue;  // a guarded rewrite's fallback
      std::string expansion = fmt::format("${{{}##*/}}", call.parameter->text);
      FixSafety safety;
      require_path_facts(context.model, call,
                         {ValueFact::NoTrailingSlash, ValueFact::NoLeadingDash, ValueFact::NoTrailingNewline}, safety);
      require_set_under_nounset(context.model, call.parameter->text, call.substitution, safety);
      if (call.suffix == nullptr) {
        Diagnostic diagnostic =
            make_diagnostic(kInfo, call.substitution, fmt::format("`basename` forks a process: use `{}`", expansion));
        attach_cost(context, call.substitution, diagnostic);
        SubstitutionSite site = locate_substitution(context.model, call.substitution);
        attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", expansion),
                             replace_node(call.substitution, expansion),
                             guard_statement(context.model, site, call.parameter->text));
        out.push_back(std::move(diagnostic));
        continue;
      }
      if (std::optional<std::string> suffix = static_word_value(context.model.source(), call.suffix)) {
        out.push_back(suffix_diagnostic(context, call, shell_quoted_pattern(*suffix), expansion, safety));
        continue;
      }
      std::vector<std::string> names;
      std::optional<std::string> suffix = quoted_suffix(context.model, call.suffix, names);
      SubstitutionSite site = locate_substitution(context.model, call.substitution);
      // The second step reads the suffix after the first assigned the target.
      if (!suffix || (site.assignment != nullptr &&
                      std::find(names.begin(), names.end(), site.assignment->text) != names.end())) {
        continue;
      }
      for (const std::string& name : names) require_set_under_nounset(context.model, name, call.substitution, safety);
      out.push_back(suffix_diagnostic(context, call, *suffix, expansion, safety));
    }
  }
};

}  // namespace

const Rule& basename_rule() {
  static const Basename rule;
  return rule;
}

}  // namespace forklift
