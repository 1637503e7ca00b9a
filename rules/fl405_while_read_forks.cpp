// FL405 while-read-forks: processes started for every line a `while read` loop reads.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"
#include "rules/findings.h"
#include "rules/rules_catalog.h"

namespace forklift {
namespace {

constexpr std::string_view kDocs = R"md(## What it does
Reports `while read` loops (fed by a file, a pipeline or a here-document)
whose body starts processes, with the number of processes per input line and
the commands that start them.

## Why is this bad?
The loop runs once per line: a body with two external commands forks 20,000
times for a 10,000-line file. At 20-50 ms per fork on slow machines that is
minutes for what `awk` or `sed` would do in one process, or what parameter
expansion does without any.

## Example
```sh
while IFS= read -r path; do
    name=$(basename "$path")
    size=$(wc -c < "$path")
done < files.txt
```

## Use instead
```sh
while IFS= read -r path; do
    name=${path##*/}
    size=$(wc -c < "$path")   # still one process per line: consider `stat` on all files at once
done < files.txt
```

## Fix safety
No fix: the rules for the individual commands (FL1xx-FL4xx) offer the
rewrites; this one shows where the per-line cost adds up.
)md";

constexpr RuleInfo kInfo{"FL405", "while-read-forks", "A `while read` loop starts processes for every line",
                         Severity::Warning, kDocs, std::nullopt, FixAvailability::None};

std::string forking_commands(const SemanticModel& model, const Node* body) {
  std::vector<std::string> names;
  visit(body, [&](const Node* node) {
    if (node->is(NodeKind::FunctionDef)) return false;
    if (node->is(NodeKind::SimpleCommand)) {
      CommandKind kind = model.command_kind(node);
      if (kind == CommandKind::External || kind == CommandKind::Dynamic) {
        std::string name = command_name(model.source(), node).value_or("?");
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
    }
    return true;
  });
  std::string out;
  for (size_t i = 0; i < names.size() && i < 6; ++i) out += (i == 0 ? "`" : ", `") + names[i] + "`";
  if (names.size() > 6) out += ", …";
  return out;
}

class WhileReadForks final : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const LintContext& context, std::vector<Diagnostic>& out) const override {
    const SemanticModel& model = context.model;
    for (const Loop& loop : model.loops()) {
      if (!loop.reads_lines || loop.body == nullptr) continue;
      double forks = model.forks(loop.body);
      if (forks <= 0) continue;
      std::string commands = forking_commands(model, loop.body);
      Diagnostic diagnostic = make_diagnostic(kInfo, loop.node, "");
      diagnostic.end = condition_of(loop.node)->end;  // `while … read …`: the loop header
      ForkEstimate estimate = model.fork_estimate(loop.body);
      diagnostic.cost = ForkCost{estimate.forks_per_execution, estimate.loop_depth, estimate.estimated_forks};
      std::string enclosing =
          estimate.loop_depth > 1 ? fmt::format(", inside {} more loops", estimate.loop_depth - 1) : "";
      diagnostic.message = fmt::format(
          "This `while read` loop starts ~{} process{} per input line{} ({}): ~{} per run", std::llround(forks),
          std::llround(forks) == 1 ? "" : "es", enclosing, commands.empty() ? "subshells and pipelines" : commands,
          std::llround(estimate.estimated_forks));
      out.push_back(std::move(diagnostic));
    }
  }
};

}  // namespace

const Rule& while_read_forks_rule() {
  static const WhileReadForks rule;
  return rule;
}

}  // namespace forklift
