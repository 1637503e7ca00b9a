// FL313 tr-chars: `$(echo "$v" | tr -d '\n')`, `tr -d ':'`, `tr / _` -> `${v//…/…}`.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"

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
prove the value does not end in a newline. Through `echo`, the value must not
start with `-` and, in ksh, have no backslash, and it must be quoted. The
sets are ASCII characters, escapes `\n` and `\t`, and bracketed lists of
them; ranges, classes, `-c`, `-s` and sets of several characters to replace
are not rewritten (sequential replacements would differ when the sets
overlap), nor is replacing a newline or replacing with one (the newline
`echo` adds would be replaced, or `$( )` would strip an added one). sh has
no `${v//…/…}`: no fix there. When the script may run with `set -u` (`set
-u`, `-o nounset`, `-u` on the `#!` line) the value must also be known to be
set (assigned on every path before, never unset): unset, it fails only the
original's `$( )`, while the expansion ends the script.
)md";

constexpr RuleInfo kInfo{"FL313", "tr-chars", "`tr` deleting or replacing characters of a variable forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

// A tr set of plain ASCII characters, with `\n`, `\t` and `\\`; nullopt for ranges, classes, other escapes.
std::optional<std::string> plain_set(std::string_view text) {
  std::string set;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      char e = text[++i];
      if (e == 'n') c = '\n';
      else if (e == 't') c = '\t';
      else if (e == '\\') c = '\\';
      else return std::nullopt;
    } else if (c == '-' && i > 0 && i + 1 < text.size()) {
      return std::nullopt;
    } else if (c == '[' || c == ']' || static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
      return std::nullopt;
    }
    if (set.find(c) == std::string::npos) set += c;
  }
  if (set.empty()) return std::nullopt;
  return set;
}

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

class TrChars final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    if (context.dialect == Dialect::Sh) return;
    const SemanticModel& model = context.model;
    for (const PipedValue& value : piped_values(model, "tr")) {
      std::vector<const Node*> words = command_words(value.consumer);
      std::vector<std::string> args;
      for (size_t i = 1; i < words.size(); ++i) {
        std::optional<std::string> word = static_word_value(model.source(), words[i]);
        if (!word) break;
        args.push_back(*word);
      }
      if (args.size() + 1 != words.size() || args.size() != 2) continue;
      std::optional<std::string> from = plain_set(args[args[0] == "-d" ? 1 : 0]);
      if (!from) continue;
      std::string replacement;
      if (args[0] != "-d") {
        std::optional<std::string> to = plain_set(args[1]);
        if (!to || from->size() != 1 || to->size() != 1 || args[0].starts_with('-')) continue;
        // A newline on either side meets the one `echo` adds, which `$( )`
        // strips before and not after (or after and not before) the replacing.
        if ((*from)[0] == '\n' || (*to)[0] == '\n') continue;
        replacement = expansion_char((*to)[0]);
      }
      std::optional<std::string> pattern = set_pattern(*from);
      if (!pattern) continue;
      std::string expansion = fmt::format("${{{}//{}/{}}}", piped_name(value), *pattern, replacement);
      FixSafety safety;
      bool deletes_newline = args[0] == "-d" && from->find('\n') != std::string::npos;
      if (deletes_newline || piped_integer(model, value)) {
        downgrade_for_printer(model, value, safety);
      } else {
        downgrade_for_piped_value(model, value, safety);
      }
      out.push_back(replacement_diagnostic(context, kInfo, value.substitution,
                                           fmt::format("`tr` on a value forks processes: use `{}`", expansion), safety,
                                           expansion));
    }
  }
};

}  // namespace

const Rule& tr_chars_rule() {
  static const TrChars rule;
  return rule;
}

}  // namespace forklift
