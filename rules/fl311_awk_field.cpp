// FL311 awk-field: `x=$(echo "$v" | awk '{print $2}')` -> `read -r _ x _ <<< "$v"`,
// `awk -F: '{print $2}'` -> a `case` on the delimiters, `$NF` -> `${v##*:}`.
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
Finds a variable's value piped into `awk` to print one field:
`awk '{print $N}'`, `awk -F: '{print $N}'`, `awk -F: '{print $NF}'`.

## Why is this bad?
It forks up to two processes and starts an interpreter to split one line
the shell splits with `read` or parameter expansion.

## Example
```sh
size=$(echo "$line" | awk '{print $2}')
user=$(echo "$entry" | awk -F: '{print $1}')
```

## Use instead
```sh
read -r _ size _ <<< "$line"     # bash, ksh, mksh
user=${entry%%:*}
```

## Fix safety
awk splits every line: the rewrites need value facts that prove the value has
one line. With the default field separator, awk splits at runs of blanks and
ignores leading ones, as `read` does with the default `IFS`:
`x=$(… | awk '{print $N}')` as a statement of its own becomes
`read -r _ … x _ <<< "$v"` (bash, ksh, mksh; `_` takes the other fields;
unsafe when the script assigns `IFS`, which `read` splits at), and
in sh it is only shown (a here-document forks in dash). With `-F C` for one
character other than a blank, field 1 is `${v%%C*}`, `$NF` is `${v##*C}` and
field N > 1 a `case` on the delimiters: a value without the delimiter gives
an empty field, as in awk. Through `echo`, the value must not start with
`-` and, in sh and ksh, have no backslash, and it must be quoted; otherwise
the fix is unsafe and names the missing fact. When those facts of the
value's characters are all that is missing, the fix is guarded as in FL305
(`case $v in -* | *\\* | *[[:cntrl:]]*) x=$(echo "$v" | awk …) ;; *) … ;; esac`:
those values keep `awk`), for `-F C` with `$1` or `$NF` also where the
substitution is in a command of its own on one line. Programs other than one
`print $N`, and `-F` with a regular expression, a blank or an escape, are not
rewritten; nor is `-Ft`, which gawk reads as a tab and mawk and busybox as
the letter. When the script may run with `set -u` (`set -u`, `-o nounset`,
`-u` on the `#!` line) the value must also be known to be set (assigned on
every path before, never unset; a `case` on it before `set -u` proves its
characters, not that it is set): unset, it fails only the original's `$( )`,
while the expansion ends the script. Otherwise the guard reads `${v-}` and an
empty or unset value keeps `awk`.
)md";

constexpr RuleInfo kInfo{"FL311", "awk-field", "`awk` printing a field of a variable forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

struct AwkField {
  std::optional<char> separator;  // -F C
  int field = 0;                  // 0 for $NF
};

// `{print $2}`, `{ print $NF }`: the field printed.
std::optional<int> print_field(std::string_view program) {
  auto trim = [](std::string_view text) {
    size_t begin = text.find_first_not_of(" \t"), end = text.find_last_not_of(" \t;");
    return begin == std::string_view::npos ? std::string_view() : text.substr(begin, end - begin + 1);
  };
  program = trim(program);
  if (!program.starts_with('{') || !program.ends_with('}')) return std::nullopt;
  program = trim(program.substr(1, program.size() - 2));
  if (!program.starts_with("print")) return std::nullopt;
  program = trim(program.substr(5));
  if (!program.starts_with('$')) return std::nullopt;
  std::string_view field = program.substr(1);
  if (field == "NF") return 0;
  if (field.empty() || field.size() > 2 || field.find_first_not_of("0123456789") != std::string_view::npos ||
      field[0] == '0') {
    return std::nullopt;
  }
  return std::stoi(std::string(field));
}

std::optional<AwkField> parse_awk(const SemanticModel& model, const Node* awk) {
  std::vector<const Node*> words = command_words(awk);
  AwkField parsed;
  std::optional<std::string> program;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(model.source(), words[i]);
    if (!word) return std::nullopt;
    if (word->starts_with("-F") && !program) {
      std::string separator = word->substr(2);
      if (separator.empty() && i + 1 < words.size()) {
        std::optional<std::string> next = static_word_value(model.source(), words[++i]);
        if (!next) return std::nullopt;
        separator = *next;
      }
      unsigned char c = separator.size() == 1 ? static_cast<unsigned char>(separator[0]) : 0;
      // gawk reads `-Ft` as a tab, mawk and busybox as the letter t.
      if (c == 0 || c == 't' || c == ' ' || c == '\t' || c == '\\' || c >= 0x7f || std::string_view(".[]()*+?^$|{}").find(static_cast<char>(c)) != std::string_view::npos) {
        return std::nullopt;
      }
      parsed.separator = static_cast<char>(c);
    } else if (!program) {
      program = *word;
    } else {
      return std::nullopt;
    }
  }
  if (!program) return std::nullopt;
  std::optional<int> field = print_field(*program);
  if (!field) return std::nullopt;
  parsed.field = *field;
  if (parsed.field == 0 && !parsed.separator) return std::nullopt;
  return parsed;
}

class AwkFieldRule final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (const PipedValue& value : piped_values(context.model, "awk")) {
      std::optional<AwkField> awk = parse_awk(context.model, value.consumer);
      if (awk) diagnose(context, value, *awk, out);
    }
  }

 private:
  static void diagnose(const LintContext& context, const PipedValue& value, const AwkField& awk,
                       std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    FixSafety safety;
    downgrade_for_piped_value(model, value, safety);
    std::string name(piped_name(value));
    require_facts(model.value_facts(value.parameter), name, {ValueFact::NoNewline}, Applicability::Unsafe, safety);
    SubstitutionSite site = locate_substitution(model, value.substitution);
    if (awk.separator && awk.field <= 1) {
      std::string c = shell_quoted_pattern(std::string_view(&*awk.separator, 1));
      std::string expansion = awk.field == 0 ? fmt::format("${{{}##*{}}}", name, c) : fmt::format("${{{}%%{}*}}", name, c);
      Diagnostic diagnostic = make_diagnostic(
          kInfo, value.substitution, fmt::format("`awk` printing a field forks processes: use `{}`", expansion));
      attach_cost(context, value.substitution, diagnostic);
      attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", expansion),
                           replace_node(value.substitution, expansion), guard_statement(model, site, name));
      out.push_back(std::move(diagnostic));
      return;
    }
    const Node* statement = own_assignment_statement(model, site);
    std::string replacement;
    if (statement != nullptr && awk.separator) {
      replacement = field_statement(site.assignment->text, name, FieldSpec{*awk.separator, awk.field, false, 0, false});
    } else if (statement != nullptr && context.dialect != Dialect::Sh) {
      std::string fields;
      for (int i = 1; i < awk.field; ++i) fields += "_ ";
      replacement = fmt::format("read -r {}{} _ <<< \"${}\"", fields, site.assignment->text, name);
      if (model.may_assign_ifs(value.substitution)) {
        safety.downgrade(Applicability::Unsafe, "the script assigns `IFS`, which `read` splits at");
      }
    }
    Diagnostic diagnostic = make_diagnostic(kInfo, statement != nullptr && !replacement.empty() ? statement : value.substitution,
                                            "`awk` printing a field forks processes");
    attach_cost(context, value.substitution, diagnostic);
    if (replacement.empty()) {
      diagnostic.message += "; split the value with `read` instead";
    } else {
      diagnostic.message += fmt::format(": use `{}`", replacement);
      attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", replacement),
                           replace_node(statement, replacement), statement);
    }
    out.push_back(std::move(diagnostic));
  }
};

}  // namespace

const Rule& awk_field_rule() {
  static const AwkFieldRule rule;
  return rule;
}

}  // namespace forklift
