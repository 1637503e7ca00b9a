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
expansion is the rest to cut off, read as literal text). A field number
from a variable (`-f "$i"`, `-f "$i"-`, `-f "$i"-M`, `-f 1-"$p"`) becomes
loops that count the delimiters, with scratch variables named after the
result (`x_n`, `x_rest`, names the script does not use, left set): past
the first `$i - 1` fields (a value without the delimiter stays whole, too
few fields give an empty one), then up to the range's end. They run only
for values of the variable that are field numbers `cut` takes (1 to 18
digits, no leading 0, not past M for `-f "$i"-M`); `cut` keeps the others
(it reports field 0 and a decreasing range as errors), in a `case` on the
variable: `case $i in '' | *[!0123456789]* | 0* | ???????????????????*) x=$(echo "$v" | cut -d. -f"$i") ;; *) x=$v; case $x in *.*) x_n=$i; while [ "$x_n" -gt 1 ]; do … done ;; esac; x=${x%%.*} ;; esac`.
Two variable bounds, or a literal first field past 1 before a variable
one, are not rewritten; an unquoted `$i` where the script may assign `IFS`
(or runs `eval`) makes the fix unsafe, as an `IFS` holding a digit splits it. Elsewhere it is
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

// A `-f` list may hold one plain parameter (`-f "$i"-100`); its reference
// stands in the spelled list as kVariableMark.
constexpr char kVariableMark = '\x01';

struct CutOptions {
  std::string delimiter;
  int field = 0;
  bool to_end = false;  // `-fN-`
  int last = 0;         // `-fN-M`
  // Set when a bound is a variable's value (then `field`/`last` hold the
  // literal bound, if any, and `counted` the whole list).
  std::optional<CountedFieldSpec> counted;
  bool variable_unquoted = false;
};

// A field bound: 1 to 4 digits, or the variable's mark.
std::optional<FieldNumber> field_bound(std::string_view text, const std::string& variable) {
  if (text.size() == 1 && text[0] == kVariableMark) return FieldNumber{0, variable};
  if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  int number = std::stoi(std::string(text));
  if (number < 1) return std::nullopt;
  return FieldNumber{number, {}};
}

// `N`, `N-`, `N-M` with N or M a number or the variable.
bool parse_fields(std::string_view list, const std::string& variable, CutOptions& options) {
  size_t dash = list.find('-');
  std::optional<FieldNumber> first = field_bound(list.substr(0, dash), variable);
  if (!first) return false;
  std::optional<FieldNumber> last;
  options.to_end = dash != std::string_view::npos && dash + 1 == list.size();
  if (dash != std::string_view::npos && !options.to_end) {
    last = field_bound(list.substr(dash + 1), variable);
    if (!last) return false;
  }
  if (variable.empty()) {
    // Literal fields become one pattern per delimiter: a short list only.
    options.field = first->literal;
    options.last = last ? last->literal : 0;
    return options.field < 100 && options.last < 100 && (!options.to_end || options.field > 1);
  }
  // One variable bound; with a literal first bound past 1 and a variable
  // last one the guard would need the numbers below it: not rewritten.
  if (last && !first->variable.empty() == !last->variable.empty()) return false;
  if (last && first->variable.empty() && first->literal != 1) return false;
  options.field = first->literal;
  options.last = last ? last->literal : 0;
  options.counted = CountedFieldSpec{0, *first, options.to_end, last};
  return true;
}

const std::string& bound_variable(const CountedFieldSpec& spec) {
  return spec.first.variable.empty() ? spec.last->variable : spec.first.variable;
}

std::optional<CutOptions> parse_cut(const SemanticModel& model, const std::vector<const Node*>& words) {
  CutOptions options;
  std::vector<std::string> names;  // at most one: its mark is kVariableMark
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = marked_word_value(model.source(), words[i], 1, names, &options.variable_unquoted);
    if (!word || !(word->starts_with("-d") || word->starts_with("-f"))) return std::nullopt;
    char option = (*word)[1];
    std::string value = word->substr(2);
    if (value.empty() && i + 1 < words.size()) {
      std::optional<std::string> next =
          marked_word_value(model.source(), words[++i], 1, names, &options.variable_unquoted);
      if (!next) return std::nullopt;
      value = *next;
    }
    if (option == 'd') {
      if (value.find(kVariableMark) != std::string::npos) return std::nullopt;
      options.delimiter = value;
    } else if (!parse_fields(value, names.empty() ? std::string() : names[0], options)) {
      return std::nullopt;
    }
  }
  // A variable first field leaves `field` 0; a literal one is at least 1.
  bool has_fields = options.counted || options.field >= 1;
  if (options.delimiter.size() != 1 || !has_fields || static_cast<unsigned char>(options.delimiter[0]) >= 0x80 ||
      options.delimiter[0] == '\n' || (!options.counted && options.last != 0 && options.last < options.field)) {
    return std::nullopt;
  }
  if (options.counted) options.counted->delimiter = options.delimiter[0];
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
      if (!cut || (cut->counted && guard_around(model, value.substitution, bound_variable(*cut->counted)))) continue;
      out.push_back(diagnose(context, value, *cut));
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
    if (cut.counted) return diagnose_counted(context, value, cut, statement, std::move(safety), std::move(diagnostic));
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

  // A field bound from a variable: loops that count the delimiters, for the
  // values of the variable that are field numbers in range; the others keep
  // `cut` (which reports field 0 or a decreasing range as an error).
  static Diagnostic diagnose_counted(const LintContext& context, const PipedValue& value, const CutOptions& cut,
                                     const Node* statement, FixSafety safety, Diagnostic diagnostic) {
    const SemanticModel& model = context.model;
    const CountedFieldSpec& spec = *cut.counted;
    const std::string& bound = bound_variable(spec);
    if (statement == nullptr || reads_differently(bound)) {
      diagnostic.message += "; split it with `IFS` and `read` or `set --` instead";
      attach_cost(context, value.substitution, diagnostic);
      return diagnostic;
    }
    if (cut.variable_unquoted && model.may_assign_ifs(statement)) {
      safety.downgrade(Applicability::Unsafe,
                       fmt::format("the unquoted `${}` splits where `IFS` holds a digit, and the script may assign `IFS`",
                                   bound));
    }
    SubstitutionSite site = locate_substitution(model, value.substitution);
    std::string target(site.assignment->text);
    std::string loops = counted_field_statement(target, piped_name(value), unused_variable_name(model, target + "_n"),
                                                unused_variable_name(model, target + "_rest"), spec);
    Guard field_guard{bound, {ValueTrait::NotFieldNumber}};
    if (model.maybe_nounset()) field_guard.traits.push_back(ValueTrait::Unset);
    // `-f "$i"-M` takes fields up to M: a larger `$i` is a decreasing range.
    std::vector<std::string> beyond = spec.last && spec.first.variable == bound ? numbers_above(spec.last->literal)
                                                                               : std::vector<std::string>{};
    std::string replacement = guarded_text(model, statement, field_guard, loops, beyond);
    diagnostic.message += fmt::format(": use `{}`", replacement);
    attach_cost(context, value.substitution, diagnostic);
    attach_guardable_fix(context, diagnostic, std::move(safety),
                         fmt::format("Replace with loops over the delimiters ({} keep `cut`)",
                                     guarded_values(field_guard, model.dialect())),
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
