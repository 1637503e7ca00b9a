// FL404 loop-invariant-substitution: `$(date …)` and friends inside a loop -> hoisted before it.
#include <fmt/format.h>

#include <absl/container/flat_hash_set.h>

#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Finds command substitutions inside a loop that run a command whose output does
not depend on the loop: `date`, `hostname`, `uname`, `whoami`, `id`, `tput`,
`nproc`, `logname`, `arch`, `getconf`, with only literal arguments.

## Why is this bad?
The command forks on every iteration to produce the same text (for `date`,
nearly the same).

## Example
```sh
while read -r line; do
    echo "$(date +%F) $line"
done < input
```

## Use instead
```sh
today=$(date +%F)
while read -r line; do
    echo "$today $line"
done < input
```

## Fix safety
Unsafe: the command now runs once before the outermost loop, even when the
loop body never runs, and the loop sees that one value. For `date` the time
no longer advances during the loop; the others are assumed not to change
while it runs.
)md";

constexpr RuleInfo kInfo{"FL404", "loop-invariant-substitution",
                         "A command substitution with the same output on every iteration: hoist it out of the loop",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::Unsafe};

bool invariant_command(std::string_view name) {
  for (std::string_view known :
       {"date", "hostname", "uname", "whoami", "id", "tput", "nproc", "logname", "arch", "getconf"}) {
    if (name == known) return true;
  }
  return false;
}

class LoopInvariantSubstitution final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    absl::flat_hash_set<std::string> taken;
    for (const Variable& variable : model.variables()) taken.insert(variable.name);
    for (const Node* substitution : context.model.substitutions()) {
      std::vector<const Loop*> loops = model.enclosing_loops(substitution);
      const Node* command = sole_simple_command(substitution);
      if (loops.empty() || command == nullptr || has_redirects(command) || has_assignments(command) ||
          inside_escaped_backtick(model, command)) {
        continue;
      }
      std::optional<std::string> name = command_name(model.source(), command);
      if (!name || !invariant_command(*name) || model.function(*name) != nullptr) continue;
      bool literal_arguments = true;
      for (const Node* word : command_words(command)) literal_arguments = literal_arguments && static_word_value(model.source(), word);
      if (!literal_arguments) continue;

      std::string variable = fresh_name(*name, taken);
      const Node* statement = model.enclosing_statement(loops.back()->node);
      if (statement == nullptr) continue;
      std::string indent = indentation_at(model.source(), statement->begin);
      FixSafety safety;
      safety.downgrade(Applicability::Unsafe,
                       *name == "date" ? "the time no longer advances while the loop runs"
                                       : fmt::format("assumes `{}` prints the same while the loop runs", *name));
      Diagnostic diagnostic = make_diagnostic(
          kInfo, substitution, fmt::format("`{}` prints the same on every iteration: compute it once before the loop", *name));
      attach_cost(context, substitution, diagnostic);
      attach_fix(diagnostic, safety, fmt::format("Hoist into `{}` before the loop", variable),
                 {Edit{statement->begin, statement->begin, fmt::format("{}={}\n{}", variable, model.text(substitution), indent)},
                  replace_node(substitution, fmt::format("${}", variable))});
      out.push_back(std::move(diagnostic));
    }
  }

 private:
  static std::string fresh_name(const std::string& command, absl::flat_hash_set<std::string>& taken) {
    std::string base = command + "_value";
    std::string name = base;
    for (int i = 2; taken.contains(name); ++i) name = fmt::format("{}{}", base, i);
    taken.insert(name);
    return name;
  }
};

}  // namespace

const Rule& loop_invariant_substitution_rule() {
  static const LoopInvariantSubstitution rule;
  return rule;
}

}  // namespace forklift
