// FL312 line-of-value: `$(echo "$v" | head -n1)`, `tail -n1`, `wc -l` of a value.
#include <fmt/format.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/piped_value.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds a variable's value piped into `head -n1`, `tail -n1` or `wc -l`.

## Why is this bad?
It forks up to two processes for the first or last line of a value, or its
number of lines, which the shell knows without them.

## Example
```sh
first=$(echo "$list" | head -n1)
```

## Use instead
```sh
first=${list%%$'\n'*}    # bash, ksh, mksh
```

## Fix safety
`head -n1` becomes `${v%%$'\n'*}` and `tail -n1` `${v##*$'\n'}` in bash, ksh
and mksh: exact for any value printed with its newline (`echo`, `printf
'%s\n'`, `<<<`), also one with trailing newlines, since a line never ends
in one. For a value that value facts prove has one line, they are `$v`, also
in sh, and `wc -l` is `1` (`0` after `printf %s`). Through `echo`, the value
must not start with `-` and, in sh and ksh, have no backslash, and it must be
quoted; otherwise the fix is unsafe and names the missing fact. Without
facts, `wc -l` and sh's `head` and `tail` are not rewritten. When the
script may run with `set -u` (`set -u`, `-o nounset`, `-u` on the `#!` line)
the value must also be known to be set (assigned on every path before, never
unset): unset, it makes the original's `$( )` fail with an empty result,
while the expansion ends the script and `1` goes on with a count.
)md";

constexpr RuleInfo kInfo{"FL312", "line-of-value", "`head`, `tail` or `wc -l` of a variable's value forks processes",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::SometimesSafe};

enum class LineTool { First, Last, Count };

// `head -n1`, `head -n 1`, `head -1`; `tail` alike; `wc -l`.
std::optional<LineTool> line_tool(const SemanticModel& model, const Node* command, std::string_view utility) {
  std::vector<const Node*> words = command_words(command);
  std::vector<std::string> args;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> word = static_word_value(model.source(), words[i]);
    if (!word) return std::nullopt;
    args.push_back(*word);
  }
  if (utility == "wc") return args == std::vector<std::string>{"-l"} ? std::optional(LineTool::Count) : std::nullopt;
  bool one = args == std::vector<std::string>{"-n1"} || args == std::vector<std::string>{"-1"} ||
             args == std::vector<std::string>{"-n", "1"};
  if (!one) return std::nullopt;
  return utility == "head" ? LineTool::First : LineTool::Last;
}

class LineOfValue final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    for (std::string_view utility : {"head", "tail", "wc"}) {
      for (const PipedValue& value : piped_values(context.model, utility)) {
        if (std::optional<LineTool> tool = line_tool(context.model, value.consumer, utility)) {
          diagnose(context, value, *tool, utility, out);
        }
      }
    }
  }

 private:
  static void diagnose(const LintContext& context, const PipedValue& value, LineTool tool, std::string_view utility,
                       std::vector<Diagnostic>& out) {
    const SemanticModel& model = context.model;
    std::string name(piped_name(value));
    ValueFacts facts = model.value_facts(value.parameter);
    bool one_line = facts.has(ValueFact::NoNewline);
    bool ansi_c = context.dialect != Dialect::Sh;
    std::string replacement;
    if (tool == LineTool::Count) {
      if (!one_line) return;
      replacement.assign(1, value.adds_newline ? '1' : '0');
    } else if (one_line) {
      replacement = fmt::format("${}", name);
    } else if (ansi_c && value.adds_newline) {
      replacement = tool == LineTool::First ? fmt::format("${{{}%%$'\\n'*}}", name) : fmt::format("${{{}##*$'\\n'}}", name);
    } else {
      return;
    }
    FixSafety safety;
    downgrade_for_printer(model, value, safety);
    if (one_line) safety.prove(facts.proof(ValueFact::NoNewline, name));
    out.push_back(replacement_diagnostic(context, kInfo, value.substitution,
                                         fmt::format("`{}` of a value forks processes: use `{}`", utility, replacement),
                                         safety, replacement));
  }
};

}  // namespace

const Rule& line_of_value_rule() {
  static const LineOfValue rule;
  return rule;
}

}  // namespace forklift
