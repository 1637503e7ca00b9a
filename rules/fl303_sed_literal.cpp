// FL303 sed-literal-substitution: `$(echo "$v" | sed 's/lit/rep/g')` -> `${v//lit/rep}`.
#include <cctype>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable piped into `sed 's/PATTERN/REPLACEMENT/[g]'` whose pattern
and replacement are plain text.

## Why is this bad?
Three processes (the substitution, `echo`, `sed`) for a replacement that
`${v//PATTERN/REPLACEMENT}` does in bash, ksh and mksh.

## Example
```sh
name=$(echo "$file" | sed 's/-/_/g')
```

## Use instead
```sh
name=${file//-/_}
```

## Fix safety
Only patterns without regular-expression characters (`. [ ] * ^ $ \`) and
replacements without `&` or `\` are rewritten; the pattern is quoted so glob
characters stay literal (`s/./X/` is a regex, `${v/./X}` is not). The fix is
unsafe: echo eats a value of `-n` and dash's echo interprets backslashes,
`$( )` strips the value's trailing newlines while the expansion keeps them,
and without `g` sed replaces the first match on every line, the expansion
only the first in the whole value. Not offered for `sh` (dash has no
`${v//…}`).
)md";

constexpr RuleInfo kInfo{"FL303", "sed-literal-substitution", "`sed` replacing plain text in a variable: use `${v//…/…}`",
                         Severity::Warning, kDocs, "SC2001"};

struct SedSubstitution {
  std::string pattern;
  std::string replacement;
  bool global = false;
};

std::optional<SedSubstitution> parse_substitution(std::string_view script) {
  if (script.size() < 4 || script[0] != 's') return std::nullopt;
  char delimiter = script[1];
  if (delimiter == '\\' || delimiter == '\n' || std::isalnum(static_cast<unsigned char>(delimiter))) return std::nullopt;
  size_t second = script.find(delimiter, 2);
  if (second == std::string_view::npos) return std::nullopt;
  size_t third = script.find(delimiter, second + 1);
  if (third == std::string_view::npos) return std::nullopt;
  SedSubstitution sub{std::string(script.substr(2, second - 2)), std::string(script.substr(second + 1, third - second - 1)),
                      false};
  std::string_view flags = script.substr(third + 1);
  if (flags == "g") {
    sub.global = true;
  } else if (!flags.empty()) {
    return std::nullopt;
  }
  if (sub.pattern.empty() || sub.pattern.find_first_of(".[]*^$\\\n/") != std::string::npos) return std::nullopt;
  if (sub.replacement.find_first_of("&\\\n/") != std::string::npos) return std::nullopt;
  return sub;
}

// Inside "…": only $ ` " \ need a backslash.
std::string double_quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '$' || c == '`' || c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool is_plain(std::string_view text) {
  for (char c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && std::string_view("_-.,:+=@%").find(c) == std::string_view::npos) {
      return false;
    }
  }
  return true;
}

class SedLiteral final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    if (context.dialect == Dialect::Sh) return;
    const SemanticModel& model = context.model;
    for (const PipedValue& value : piped_values(model, "sed")) {
      const Node* substitution = value.substitution;
      std::vector<const Node*> words = command_words(value.consumer);
      std::optional<std::string> script;
      if (words.size() == 2) {
        script = static_word_value(model.source(), words[1]);
      } else if (words.size() == 3 && static_word_value(model.source(), words[1]) == "-e") {
        script = static_word_value(model.source(), words[2]);
      }
      std::optional<SedSubstitution> sub = script ? parse_substitution(*script) : std::nullopt;
      if (!sub) continue;
      std::string pattern = is_plain(sub->pattern) ? sub->pattern : double_quote(sub->pattern);
      std::string replacement = is_plain(sub->replacement) ? sub->replacement : double_quote(sub->replacement);
      std::string expansion =
          fmt::format("${{{}{}{}/{}}}", piped_name(value), sub->global ? "//" : "/", pattern, replacement);
      FixSafety safety;
      downgrade_for_piped_value(model, value, safety);
      if (!sub->global && !(piped_integer(model, value))) {
        safety.downgrade(Applicability::Unsafe,
                         "for a multi-line value sed replaces on every line, the expansion only once");
      }
      out.push_back(replacement_diagnostic(context, kInfo, substitution, fmt::format("`sed` replacing plain text forks processes: use `{}`", expansion), safety, expansion));
    }
  }
};

}  // namespace

const Rule& sed_literal_rule() {
  static const SedLiteral rule;
  return rule;
}

}  // namespace forklift
