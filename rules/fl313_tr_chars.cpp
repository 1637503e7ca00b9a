// FL313 tr-chars: `$(echo "$v" | tr -d '\n')`, `tr -d ':'`, `tr / _` -> `${v//…/…}`.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/guarded_rewrite.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"
#include "rules/sed/sed_script.h"
#include "rules/sed_rewrite.h"
#include "rules/substitution_site.h"
#include "rules/tr_sets.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable's value piped into `tr` to delete characters (`tr -d`) or
to replace one character with another (`tr / _`).

## Why is this bad?
It forks up to two processes for what `${v//x/y}` does in bash, ksh93 and
mksh.

## Example
```sh
flat=$(echo "$text" | tr -d '\n')
name=$(echo "$path" | tr / _)
```

## Use instead
```sh
flat=${text//$'\n'/}
name=${path//\//_}
```

## Fix safety
`tr` works on every line of a multi-line value, and so does `${v//…/…}`. The
newline `echo` adds is deleted by `tr -d '\n'` and so is absent from the
expansion; otherwise it is stripped by `$( )` with any other trailing newline
of the value, which the expansion keeps: the fix then needs value facts that
prove the value does not end in a newline, or a guard that keeps `tr` for
the values that do. Through `echo`, the value must not start with `-` and,
in ksh, have no backslash, and it must be quoted. The sets are ASCII
characters, escapes `\n` and `\t`, ranges and the classes `[:digit:]`,
`[:alpha:]`, `[:upper:]`, `[:lower:]`, `[:alnum:]`, `[:punct:]`, `[:space:]`
and `[:blank:]`, each spelled out as the ASCII characters it names (tr reads
bytes, so a class never holds a non-ASCII character, whatever the locale; a
shell's `[[:alpha:]]` would). `-c`, `[c*n]` and equivalence classes are not
rewritten, nor is replacing a newline or replacing with one (the newline
`echo` adds would be replaced, or `$( )` would strip an added one), nor a
letter mapped to its other case (FL304). A second set shorter than the
first is padded with its last character, as GNU tr does, only when it is one
character.

Where one expansion cannot do it (sh, which has no `${v//…/…}`; `tr -s`;
characters mapped to different ones), the `tr` is rewritten as the sed
program that does the same (`s/[SET]//g`, `s/[SET]/c/g` per target
character, `s/cc*/c/g` per squeezed character) and that program is
translated as FL303 translates sed: in sh, a `while` loop over a `case`
for each command, for an assignment that is a statement of its own, with
FL303's value facts (one line, and what `echo` needs). A mapping whose
target characters are also in the first set (`tr '.-' '-.'`), where one
command would edit the result of another, is sed's `y`: in sh one pass over
the characters with a `case` arm per mapped one; in bash, ksh and mksh it is
not rewritten. A set of only `!` and `^` is not rewritten either (its
pattern would read as negated). `[` and `]` outside a class stand for
themselves, as GNU tr reads them (`'[a-z]'` maps `[` to `[`). When the script may run with
`set -u` (`set -u`, `-o nounset`, `-u` on the `#!` line) the value must also be known to be
set (assigned on every path before, never unset): unset, it fails only the
original's `$( )`, while the expansion ends the script.
)md";

constexpr RuleInfo kInfo{"FL313", "tr-chars", "`tr` deleting or replacing characters of a variable forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

// One character as a pattern or replacement inside `${v//…/…}`.
std::string expansion_char(char c) {
  if (c == '\n') return "$'\\n'";
  if (c == '\t') return "$'\\t'";
  if (std::string_view("/\\*?[]}\"'`$&!^ #%~|;<>(){},-").find(c) != std::string_view::npos) return fmt::format("\\{}", c);
  return std::string(1, c);
}

// A bracket of the set's characters. ksh93 reads `[\!…]` and `[\^…]` as
// negated although the `!` is escaped, so those two go last; a set of only
// them has no bracket (nullopt).
std::optional<std::string> set_pattern(std::string set) {
  if (set.size() == 1) return expansion_char(set[0]);
  std::stable_partition(set.begin(), set.end(), [](char c) { return c != '!' && c != '^'; });
  if (set[0] == '!' || set[0] == '^') return std::nullopt;
  std::string pattern = "[";
  for (char c : set) pattern += expansion_char(c);
  return pattern + "]";
}

// The characters of `edit.from` grouped by what they become, in order.
std::vector<std::pair<char, std::string>> replacement_groups(const TrEdit& edit) {
  std::vector<std::pair<char, std::string>> groups;
  for (size_t i = 0; i < edit.from.size(); ++i) {
    auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == edit.to[i]; });
    if (group == groups.end()) {
      groups.emplace_back(edit.to[i], std::string(1, edit.from[i]));
    } else {
      group->second += edit.from[i];
    }
  }
  return groups;
}

// The characters of `set` as one atom of a basic regular expression.
std::string regex_atom(const std::string& set) {
  if (set.size() == 1) {
    return std::string_view(".[]*^$\\/").find(set[0]) == std::string_view::npos ? set : "\\" + set;
  }
  std::string bracket = "[";
  if (set.find(']') != std::string::npos) bracket += ']';
  for (char c : set) {
    if (c != ']' && c != '^' && c != '-') bracket += c;
  }
  bool caret = set.find('^') != std::string::npos;
  bool dash = set.find('-') != std::string::npos;
  if (caret && dash && bracket == "[") return "[-^]";
  if (caret) bracket += '^';
  if (dash) bracket += '-';
  return bracket + "]";
}

// The sed program that does what `edit` does, one `s` command per group of
// characters that become the same one (or per character squeezed). nullopt
// where sed reads the characters otherwise (a newline, a tab or a
// backslash in a bracket) or where one command's result would be edited
// again by the next.
std::optional<std::string> sed_script(const TrEdit& edit) {
  std::string all = edit.from + edit.to;
  if (all.find_first_of("\n\t\\&") != std::string::npos) return std::nullopt;
  std::string_view delimiters = "/,|#@%:;!~";
  size_t d = delimiters.find_first_not_of(all);
  if (d == std::string_view::npos) return std::nullopt;
  char delim = delimiters[d];
  std::string script;
  auto command = [&](const std::string& pattern, std::string_view replacement) {
    script += fmt::format("{}s{}{}{}{}{}g", script.empty() ? "" : ";", delim, pattern, delim, replacement, delim);
  };
  if (edit.kind == TrEdit::Kind::Delete) {
    command(regex_atom(edit.from), "");
  } else if (edit.kind == TrEdit::Kind::Squeeze) {
    for (char c : edit.from) {
      std::string atom = regex_atom(std::string(1, c));
      command(atom + atom + "*", std::string(1, c));
    }
  } else {
    if (edit.to.find_first_of(edit.from) != std::string::npos) return std::nullopt;
    for (const auto& [to, from] : replacement_groups(edit)) command(regex_atom(from), std::string(1, to));
  }
  return script;
}

// `${v//PATTERN/R}` when one expansion does what `edit` does (deleting, or
// every character becoming the same one); nullopt otherwise.
std::optional<std::string> tr_expansion(const TrEdit& edit, std::string_view name) {
  if (edit.kind == TrEdit::Kind::Squeeze) return std::nullopt;
  std::string replacement;
  if (edit.kind == TrEdit::Kind::Replace) {
    if (edit.to.find_first_not_of(edit.to[0]) != std::string::npos) return std::nullopt;
    // A newline on either side meets the one `echo` adds, which `$( )`
    // strips before and not after (or after and not before) the replacing.
    if (edit.from.find('\n') != std::string::npos || edit.to[0] == '\n') return std::nullopt;
    replacement = expansion_char(edit.to[0]);
  }
  std::optional<std::string> pattern = set_pattern(edit.from);
  if (!pattern) return std::nullopt;
  return fmt::format("${{{}//{}/{}}}", name, *pattern, replacement);
}

class TrChars final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    // tr reads bytes whatever the locale: `LC_ALL=C tr` edits the same.
    for (const PipedValue& value : piped_values(model, "tr", Prefix::Refused, Locale::CAllowed)) {
      std::optional<TrEdit> edit = tr_edit(static_arguments(model, value.consumer));
      if (!edit || changes_case(*edit)) continue;  // FL304's
      std::optional<std::string> expansion;
      if (context.dialect != Dialect::Sh) expansion = tr_expansion(*edit, piped_name(value));
      if (expansion) {
        out.push_back(expansion_finding(context, value, *edit, *expansion));
        continue;
      }
      // A mapping whose targets the sets also name (`tr '.-' '-.'`) is one
      // pass of sed's `y`; the other edits are `s` commands.
      std::optional<std::string> script = sed_script(*edit);
      std::optional<sed::SedProgram> program =
          script ? sed::parse_sed_script(*script, sed::RegexSyntax::Basic).program : std::nullopt;
      if (!script && edit->kind == TrEdit::Kind::Replace) program = transliteration(*edit);
      if (!program) continue;
      std::optional<Diagnostic> finding = sed_rewrite_finding(context, kInfo, value, *program, "tr");
      if (finding) out.push_back(std::move(*finding));
    }
  }

 private:
  // The static words after `tr`; empty when one is not static.
  static std::vector<std::string> static_arguments(const SemanticModel& model, const Node* command) {
    std::vector<const Node*> words = command_words(command);
    std::vector<std::string> args;
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> word = static_word_value(model.source(), words[i]);
      if (!word) return {};
      args.push_back(*word);
    }
    return args;
  }

  static Diagnostic expansion_finding(const LintContext& context, const PipedValue& value, const TrEdit& edit,
                                      const std::string& expansion) {
    const SemanticModel& model = context.model;
    FixSafety safety;
    bool deletes_newline = edit.kind == TrEdit::Kind::Delete && edit.from.find('\n') != std::string::npos;
    if (deletes_newline || piped_integer(model, value)) {
      downgrade_for_printer(model, value, safety);
    } else {
      downgrade_for_piped_value(model, value, safety);
    }
    Diagnostic diagnostic = make_diagnostic(kInfo, value.substitution,
                                            fmt::format("`tr` on a value forks processes: use `{}`", expansion));
    attach_cost(context, value.substitution, diagnostic);
    SubstitutionSite site = locate_substitution(model, value.substitution);
    attach_guardable_fix(context, diagnostic, safety, fmt::format("Replace with `{}`", expansion),
                         replace_node(value.substitution, expansion), guard_statement(model, site, piped_name(value)));
    return diagnostic;
  }
};

}  // namespace

const Rule& tr_chars_rule() {
  static const TrChars rule;
  return rule;
}

}  // namespace forklift
