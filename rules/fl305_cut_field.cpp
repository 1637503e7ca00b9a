// FL305 cut-field: `$(echo "$v" | cut -d: -f1)` -> `${v%%:*}`.
#include <cctype>

#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"

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
Field 1 becomes `${v%%C*}`, which also returns the whole value when it has no
delimiter, like `cut` without `-s`. The fix is unsafe: `cut` works line by
line on a multi-line value, echo eats `-n` and dash's echo interprets
backslashes, and `$( )` strips trailing newlines. Other fields have no
single-expansion equivalent (`${v#*:}` keeps the rest of the line, and with no
delimiter `cut -f2` prints the whole line while `IFS=: read -r _ f2` gives an
empty string): reported with a suggestion only.
)md";

constexpr RuleInfo kInfo{"FL305", "cut-field", "`cut` taking a field of a variable forks processes",
                         Severity::Warning, kDocs, std::nullopt};

struct CutOptions {
  std::string delimiter;
  int field = 0;
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
      if (value.empty() || value.size() > 3 || value.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
      options.field = std::stoi(value);
    }
  }
  if (options.delimiter.size() != 1 || options.field < 1) return std::nullopt;
  return options;
}

// One character as a literal in a shell pattern.
std::string pattern_character(char c) {
  if (std::isalnum(static_cast<unsigned char>(c)) || std::string_view(":,.-_=/+@%^~#").find(c) != std::string_view::npos) {
    return std::string(1, c);
  }
  if (c == '"' || c == '\\' || c == '$' || c == '`') return fmt::format("\"\\{}\"", c);
  return fmt::format("\"{}\"", c);
}

class CutField final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    for (const PipedValue& value : piped_values(model, "cut")) {
      const Node* substitution = value.substitution;
      std::optional<CutOptions> cut = parse_cut(model, command_words(value.consumer));
      if (!cut) continue;
      std::string delimiter = pattern_character(cut->delimiter[0]);
      Diagnostic diagnostic = make_diagnostic(kInfo, substitution, "`cut` taking a field forks processes");
      std::string expansion = fmt::format("${{{}%%{}*}}", piped_name(value), delimiter);
      diagnostic.message += cut->field == 1 ? fmt::format(": use `{}`", expansion)
                                            : std::string("; split it with `IFS` and `read` or `set --` instead");
      attach_cost(context, substitution, diagnostic);
      if (cut->field == 1) {
        FixSafety safety;
        downgrade_for_piped_value(model, value, safety);
        safety.downgrade(Applicability::Unsafe, "`cut` splits every line of a multi-line value");
        attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", expansion), {replace_node(substitution, expansion)});
      }
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& cut_field_rule() {
  static const CutField rule;
  return rule;
}

}  // namespace forklift
