// FL305 cut-field: `$(echo "$v" | cut -d: -f1)` -> `${v%%:*}`.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/field_split.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"
#include "rules/shell_quoting.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable piped into `cut -d C -f N` to take one field.

## Why is this bad?
It forks up to three processes to split a string the shell can split with
parameter expansion or `IFS`.

## Example
```sh
user=$(echo "$line" | cut -d: -f1)
```

## Use instead
```sh
user=${line%%:*}
```

## Fix safety
Field 1 becomes `${v%%C*}` and the rest from field 2 (`-f2-`) `${v#*C}`,
which also return the whole value when it has no delimiter, like `cut`
without `-s`; an empty field stays empty (`a::b` gives `:b` for `-f2-`).
Field N > 1 (and `-fN-`, the rest from field N > 2) of `x=$(… | cut …)` as a statement of its own becomes a `case` on
the number of delimiters: none gives the whole value (as `cut` prints a line
without the delimiter), too few an empty field, else the field:
`case $v in *:*) x=${v#*:}; x=${x%%:*} ;; *) x=$v ;; esac`. A range
`-fN-M` takes the fields from N the same way, then keeps the text before
the (M-N+1)th delimiter that follows, or all of it when there are fewer:
`case $x in *:*:*) x=${x%"${x#*:*:}"}; x=${x%:} ;; esac` (the quoted inner
expansion is the rest to cut off, read as literal text). Elsewhere it is
only shown (`${v#*:}` keeps the rest of the line, and `IFS=: read -r _ f2`
gives an empty string for a line without the delimiter).
Safe when value facts prove the value has one line (`cut` works line by
line), and, through `echo`, does not start with `-` (echo eats `-n`) and has
no backslash (dash's and ksh's echo interpret them), and the value is
quoted; otherwise unsafe, and the message names the missing fact. `$( )`
strips trailing newlines, which a one-line value has none of.
When those facts of the value's characters are all that is missing and the
substitution is the whole value of an assignment alone on its statement, the
fix is safe and guarded: `case $v in -* | *\\* | *[[:cntrl:]]*) x=$(echo "$v" | cut -d: -f1) ;; *) x=${v%%:*} ;; esac`
on the statement's line (FL303 explains the patterns: `$'\n'` outside sh,
`[[:cntrl:]]` in sh, no backslash pattern in bash); for `-f1` and `-f2-` also where the
substitution is in a command of its own on one line. Under a possible
`set -u` the guard reads `${v-}` and an empty or unset `$v` keeps `cut` (an
unset `$v` ends only the `$( )` subshell in the original). An unquoted `$v`
is guarded as in FL303 (blanks, glob characters, `(`, backslashes); no guard
where the script may assign `IFS`, and for variables that read differently
twice (`RANDOM`, `SECONDS`, `BASHPID`, …).
)md";

constexpr RuleInfo kInfo{"FL305", "cut-field", "`cut` taking a field of a variable forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

struct CutOptions {
  std::string delimiter;
  int field = 0;
  bool to_end = false;  // `-fN-`
  int last = 0;         // `-fN-M`
};

std::optional<CutOptions> parse_cut(const SemanticModel& model, const std::vector<const Node*>& words) {
  CutOptions options;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(model.source(), words[i]);
    if (!word) return std::nullopt;
    std::string value;
    char option = 0;
    if (word->starts_with("-d") || word->starts_with("-f")) {
      option = (*word)[1];
      value = word->substr(2);
      if (value.empty() && i + 1 < words.size()) {
        std::optional<std::string> next = static_word_value(model.source(), words[++i]);
        if (!next) return std::nullopt;
        value = *next;
      }
    } else {
      return std::nullopt;
    }
    if (option == 'd') options.delimiter = value;
    if (option == 'f') {
      options.to_end = value.ends_with('-');
      if (options.to_end) value.pop_back();
      size_t dash = value.find('-');
      if (dash != std::string::npos && !options.to_end) {
        std::string last = value.substr(dash + 1);
        value.resize(dash);
        if (last.empty() || last.size() > 2 || last.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        options.last = std::stoi(last);
      }
      if (value.empty() || value.size() > 2 || value.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      options.field = std::stoi(value);
    }
  }
  if (options.delimiter.size() != 1 || options.field < 1 || static_cast<unsigned char>(options.delimiter[0]) >= 0x80 ||
      options.delimiter[0] == '\n' || (options.to_end && options.field == 1) ||
      (options.last != 0 && options.last < options.field)) {
    return std::nullopt;
  }
  return options;
}

class CutField final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    for (const PipedValue& value : piped_values(model, "cut")) {
      if (guard_around(model, value.substitution, piped_name(value))) continue;  // a guarded rewrite's fallback
      std::optional<CutOptions> cut = parse_cut(model, command_words(value.consumer));
      if (cut) out.push_back(diagnose(context, value, *cut));
    }
  }

 private:
  static Diagnostic diagnose(const LintContext& context, const PipedValue& value, const CutOptions& cut) {
    const SemanticModel& model = context.model;
    const Node* substitution = value.substitution;
    FixSafety safety;
    downgrade_for_piped_value(model, value, safety);
    require_facts(model.value_facts(value.parameter), piped_name(value), {ValueFact::NoNewline},
                  Applicability::Unsafe, safety);
    std::string delimiter = shell_quoted_pattern(cut.delimiter);
    Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`cut` taking a field forks processes");
    SubstitutionSite site = locate_substitution(model, substitution);
    const Node* statement = own_assignment_statement(model, site);
    // Field 1 and the rest from field 2 need no `case`: without the
    // delimiter neither pattern matches and the whole value is left, as
    // `cut` prints a line without it.
    if ((cut.field == 1 && cut.last <= 1) || (cut.field == 2 && cut.to_end)) {
      std::string expansion = cut.field == 1 ? fmt::format("${{{}%%{}*}}", piped_name(value), delimiter)
                                             : fmt::format("${{{}#*{}}}", piped_name(value), delimiter);
      diagnostic.message += fmt::format(": use `{}`", expansion);
      attach_cost(context, substitution, diagnostic);
      attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", expansion),
                           replace_node(substitution, expansion), guard_statement(model, site, piped_name(value)));
      return diagnostic;
    }
    if (statement == nullptr) {
      diagnostic.message += "; split it with `IFS` and `read` or `set --` instead";
      attach_cost(context, substitution, diagnostic);
      return diagnostic;
    }
    FieldSpec spec{cut.delimiter[0], cut.field, cut.to_end, cut.last, true};
    std::string replacement = field_statement(site.assignment->text, piped_name(value), spec);
    diagnostic = make_diagnostic(kInfo, statement, fmt::format("`cut` taking a field forks processes: use `{}`", replacement));
    attach_cost(context, substitution, diagnostic);
    attach_guardable_fix(context, diagnostic, safety, "Replace with a `case` on the delimiters",
                         replace_node(statement, replacement), statement);
    return diagnostic;
  }
};

}  // namespace

const Rule& cut_field_rule() {
  static const CutField rule;
  return rule;
}

}  // namespace forklift
