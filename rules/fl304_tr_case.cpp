// FL304 tr-case-conversion: `$(echo "$v" | tr a-z A-Z)` -> `${v^^}` (bash) / `typeset -u` (ksh).
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"
#include "rules/sed_rewrite.h"
#include "rules/tr_sets.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable piped into `tr` to change its case: `tr a-z A-Z`,
`tr '[:lower:]' '[:upper:]'` and the reverse, and sets that map other
characters too (`tr '[a-z]-' '[A-Z]_'`). `LC_ALL=C tr …` (or `LC_CTYPE`,
`LANG`, `POSIX`) is read the same: tr maps bytes whatever the locale.

## Why is this bad?
It forks up to three processes. bash 4+ converts case with `${v^^}` and
`${v,,}`; ksh93 and mksh with a variable declared `typeset -u` or `typeset -l`.

## Example
```sh
upper=$(echo "$name" | tr a-z A-Z)
```

## Use instead
```sh
upper=${name^^}          # bash
typeset -u upper=$name   # ksh93, mksh
```

## Fix safety
bash: unsafe. `${v^^}` also converts non-ASCII letters (`éa` becomes `ÉA`,
`tr` gives `éA`), echo eats `-n` and dash's echo interprets backslashes, and
`$( )` strips trailing newlines. In POSIX sh, ksh93 and mksh (and in bash
for sets that map other characters too, `tr '[a-z]-' '[A-Z]_'`) the
conversion is translated as FL303 translates sed's `y`: tr reads bytes and
its classes hold ASCII letters only, so each ASCII letter is mapped — one
`${v//a/A}` per letter in ksh93, mksh and bash, and in sh a loop over the
characters with one `case` arm per letter, for an assignment that is a
statement of its own (scratch variable `x_rest`, left set). These are safe
with FL303's value facts (one line, no leading `-` or backslash for echo)
and guarded where only those are missing. Elsewhere: in ksh93 and mksh the
advice to declare the target `typeset -u` (display-only: the attribute
stays on the variable, and in a function makes it local); in sh no fix. Under a possible `set -u`
(`set -u`, `-o nounset`, `-u` on the `#!` line) the reason also names a
value not known to be set: unset, it fails only the original's `$( )`, while
`${v^^}` ends the script.
)md";

constexpr RuleInfo kInfo{"FL304", "tr-case-conversion", "`tr` changing case forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

// +1 to upper case, -1 to lower case, 0 when the operands are not a case conversion.
int direction(std::string_view from, std::string_view to) {
  bool lower_from = from == "a-z" || from == "[:lower:]" || from == "[a-z]";
  bool upper_from = from == "A-Z" || from == "[:upper:]" || from == "[A-Z]";
  bool lower_to = to == "a-z" || to == "[:lower:]" || to == "[a-z]";
  bool upper_to = to == "A-Z" || to == "[:upper:]" || to == "[A-Z]";
  if (lower_from && upper_to) return 1;
  if (upper_from && lower_to) return -1;
  return 0;
}

class TrCase final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    // tr maps bytes whatever the locale: `LC_ALL=C tr` maps the same.
    for (const PipedValue& value : piped_values(model, "tr", Prefix::Refused, Locale::CAllowed)) {
      const Node* substitution = value.substitution;
      std::vector<const Node*> words = command_words(value.consumer);
      if (words.size() != 3) continue;
      auto from = static_word_value(model.source(), words[1]);
      auto to = static_word_value(model.source(), words[2]);
      int to_upper = from && to ? direction(*from, *to) : 0;
      std::optional<TrEdit> edit = from && to ? tr_edit({*from, *to}) : std::nullopt;
      if (!edit || !changes_case(*edit)) continue;
      // Outside bash's own expansion: each ASCII letter mapped in one pass,
      // as tr maps the bytes it reads (FL303's translation of sed's `y`).
      if (context.dialect != Dialect::Bash || to_upper == 0) {
        std::optional<Diagnostic> finding = sed_rewrite_finding(context, kInfo, value, transliteration(*edit), "tr");
        if (finding) {
          out.push_back(std::move(*finding));
          continue;
        }
      }
      if (to_upper == 0) continue;
      std::string_view name = piped_name(value);
      Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`tr` changing case forks processes");
      std::string expansion = fmt::format("${{{}{}}}", name, to_upper > 0 ? "^^" : ",,");
      if (context.dialect == Dialect::Bash) {
        diagnostic.message += fmt::format(": use `{}`", expansion);
      } else if (context.dialect == Dialect::Ksh || context.dialect == Dialect::Mksh) {
        diagnostic.message += fmt::format(": declare the target `typeset -{}`", to_upper > 0 ? "u" : "l");
      }
      attach_cost(context, substitution, diagnostic);
      if (context.dialect == Dialect::Bash) {
        FixSafety safety;
        downgrade_for_piped_value(model, value, safety);
        safety.downgrade(Applicability::Unsafe, "bash's case expansions also convert non-ASCII letters, `tr` does not");
        attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", expansion), {replace_node(substitution, expansion)});
      }
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& tr_case_rule() {
  static const TrCase rule;
  return rule;
}

}  // namespace forklift
