// FL302 dirname: `$(dirname "$p")` -> `${p%/*}`.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"

#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/substitution_site.h"
#include "rules/path_component.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds `$(dirname "$path")`.

## Why is this bad?
It forks a subshell and execs `dirname` for what `${path%/*}` does in the
shell.

## Example
```sh
dir=$(dirname "$file")
```

## Use instead
```sh
dir=${file%/*}
```

## Fix safety
Safe for a name that value facts prove has no `/` and does not start with
`-` (`for f in *.c` gives no `/`; a case arm or a literal prefix rules out
`-`): `dirname` prints `.` for it, and so does the rewrite, which is `.`.
Otherwise unsafe: `${p%/*}` differs from `dirname` for a name without a slash (`a`
gives `a` instead of `.`), for a file in the root (`/a` gives an empty string
instead of `/`), for `/` itself (empty instead of `/`), for a path ending in
`/` (`/a/b/` gives `/a/b` instead of `/a`), for repeated slashes before the
last name (`a//b` gives `a/` instead of `a`), and for a directory name ending
in a newline.
`d=$(dirname "$p")` alone on its statement becomes
`case $p in */*) d=${p%/*}; d=${d:-/} ;; *) d=. ;; esac`, which gives `.`
for a name without `/` (an empty one included) and `/` for `/name` and `/`
itself, like `dirname`; it is safe guarded, keeping `dirname` for the values
where it still differs:
`case $p in -* | */ | *//* | *$'\n'*) d=$(dirname "$p") ;; *) case $p in … esac ;; esac`:
a leading `-` (an option), a trailing `/` (`/a/b/` gives `/a/b` instead of
`/a`), repeated slashes (`a//b` gives `a/`), a newline (a directory name
ending in one loses it to `$( )`; in sh `*[[:cntrl:]]*` stands for it), and
for an unquoted `$p` what the default IFS splits or a glob reads and the
empty value, as for FL301. No guard where the script may assign `IFS`,
under a possible `set -u` (an unset `$p` ends only the `$( )` subshell in
the original, the script in `case $p`), and for variables that read
differently twice (`RANDOM`, `SECONDS`, `BASHPID`, …).
In a command of its own on one line (`mkdir -p "$(dirname "$f")"`, a
condition, an operand of `&&` or `||`; no here-document, nothing in it that
may assign `$p`, no `$?`, which would read the `case`'s status) the same
`case` sets a variable the script does not use (`f_dir`, left set) in a
brace group before the command, which reads `${f_dir}` where the
substitution was, guarded the same way:
`{ case $f in */*) f_dir=${f%/*}; f_dir=${f_dir:-/} ;; *) f_dir=. ;; esac; mkdir -p "${f_dir}"; }`.
Elsewhere (`x=$(cd "$(dirname "$0")" && pwd)`) the fix is `${p%/*}`, unsafe.
)md";

constexpr RuleInfo kInfo{"FL302", "dirname", "`$(dirname …)` forks: use `${p%/*}`", Severity::Warning, kDocs,
                         std::nullopt, FixAvailability::SometimesSafe};

// The `case` that sets `target` to the directory of `$name`: `.` for a name
// without `/`, `/` for `/name`.
std::string directory_case(std::string_view target, std::string_view name) {
  return fmt::format("case ${1} in */*) {0}=${{{1}%/*}}; {0}=${{{0}:-/}} ;; *) {0}=. ;; esac", target, name);
}

// `d=$(dirname "$p")` alone on its statement: a `case` gives `.` for a name
// without `/` and `/` for `/name`; what is left (a trailing `/`, `//`, a
// newline before the last `/`, a leading `-`) are traits a guard tests.
// Elsewhere in a command of its own (`mkdir -p "$(dirname "$f")"`), the
// `case` sets a variable the script does not use first, in a brace group
// with the command, which reads it where the substitution was.
Diagnostic statement_diagnostic(const LintContext& context, const PathCall& call, const SubstitutionSite& site,
                                const Node* statement) {
  const SemanticModel& model = context.model;
  std::string name(call.parameter->text);
  std::string replacement;
  if (own_assignment_statement(model, site) == statement) {
    replacement = directory_case(site.assignment->text, name);
  } else {
    std::string target = unused_variable_name(model, is_identifier(name) ? name + "_dir" : "directory");
    std::string text(model.text(statement));
    text.replace(call.substitution->begin - statement->begin, call.substitution->end - call.substitution->begin,
                 fmt::format("${{{}}}", target));
    replacement = fmt::format("{{ {}; {}; }}", directory_case(target, name), text);
  }
  FixSafety safety;
  require_path_facts(context.model, call, {ValueFact::NoLeadingDash, ValueFact::NoTrailingSlash, ValueFact::NoNewline},
                     safety);
  require_set_under_nounset(context.model, name, call.substitution, safety);
  // No value fact says it: repeated slashes are always left to the guard.
  safety.downgrade_for_trait(ValueTrait::RepeatedSlash, name,
                             "differs from dirname for repeated slashes before the last name (`a//b` gives `a/`)");
  Diagnostic diagnostic = make_diagnostic(kInfo, call.substitution,
                                          fmt::format("`dirname` forks a process: use `{}`", replacement));
  attach_cost(context, call.substitution, diagnostic);
  attach_guardable_fix(context, diagnostic, safety, "Replace with a `case` on `/`", replace_node(statement, replacement),
                       statement);
  return diagnostic;
}

class Dirname final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const PathCall& call : find_path_calls(context.model, "dirname")) {
      if (guard_around(context.model, call.substitution, call.parameter->text)) continue;  // a guarded rewrite's fallback
      if (call.suffix != nullptr) continue;  // several operands: several lines of output
      ValueFacts facts = context.model.value_facts(call.parameter);
      FixSafety safety;
      SubstitutionSite site = locate_substitution(context.model, call.substitution);
      if (facts.has(ValueFact::NoSlash)) {
        require_path_facts(context.model, call, {ValueFact::NoSlash, ValueFact::NoLeadingDash}, safety);
        require_set_under_nounset(context.model, call.parameter->text, call.substitution, safety);
        Diagnostic diagnostic =
            make_diagnostic(kInfo, call.substitution, "`dirname` forks a process for a name without `/`: use `.`");
        attach_cost(context, call.substitution, diagnostic);
        attach_guardable_fix(context, diagnostic, safety, "Replace with `.`", replace_node(call.substitution, "."),
                             guard_statement(context.model, site, call.parameter->text));
        out.push_back(std::move(diagnostic));
        continue;
      }
      if (const Node* statement = own_assignment_statement(context.model, site)) {
        out.push_back(statement_diagnostic(context, call, site, statement));
        continue;
      }
      // `$?` would read the status of the `case` put before the command.
      const Node* command = guard_statement(context.model, site, call.parameter->text);
      if (command != nullptr && context.model.text(command).find("$?") == std::string_view::npos) {
        out.push_back(statement_diagnostic(context, call, site, command));
        continue;
      }
      std::string expansion = fmt::format("${{{}%/*}}", call.parameter->text);
      safety.downgrade(Applicability::Unsafe,
                       "differs from dirname for a name without `/` (`.`), for `/name` (`/`) and for a trailing `/`");
      out.push_back(replacement_diagnostic(context, kInfo, call.substitution, fmt::format("`dirname` forks a process: use `{}`", expansion), safety, expansion));
    }
  }
};

}  // namespace

const Rule& dirname_rule() {
  static const Dirname rule;
  return rule;
}

}  // namespace forklift
