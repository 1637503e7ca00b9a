#include "rules/fork_census.h"

#include "analyzer/front_end.h"
#include "analyzer/semantic/words.h"
#include "analyzer/semantic_model.h"
#include "rules/guarded_rewrite.h"

namespace forklift {
namespace {

// The utility a fork site execs, or nullopt for a site that forks the shell
// itself (a subshell, a pipeline element, a background job).
std::optional<std::string> utility_of(const SemanticModel& model, const ForkSite& site) {
  if (!site.node->is(NodeKind::SimpleCommand)) return std::nullopt;
  if (std::optional<std::string> name = model.resolved_command_name(site.node)) {
    size_t slash = name->rfind('/');
    return slash == std::string::npos ? *name : name->substr(slash + 1);
  }
  std::vector<const Node*> words = command_words(site.node);
  const Node* param = words.empty() ? nullptr : plain_parameter(words[0]);
  return param != nullptr ? "$" + std::string(param->text) : std::string("(dynamic)");
}

std::string why_left(const Diagnostic& diagnostic) {
  if (!diagnostic.fix) return "no translation";
  switch (diagnostic.fix->applicability) {
    case Applicability::Safe: return "safe, not applied";
    case Applicability::Unsafe: return "needs --unsafe-fixes";
    case Applicability::DisplayOnly: return "display-only";
  }
  return "";
}

}  // namespace

ForkCensus take_fork_census(const SourceFile& file, const LintOptions& options) {
  ForkCensus census;
  DialectChoice dialect = detect_dialect(file.path(), file.text(), options.shell);
  ParseResult parsed = parse_source(file, dialect.dialect);
  if (!parsed.ast) return census;
  census.parsed = true;
  SemanticModel model(file, *parsed.ast, dialect.dialect);
  for (const ForkSite& site : model.fork_sites()) {
    std::optional<std::string> utility = utility_of(model, site);
    if (!utility) continue;
    SiteCount& count = census.sites[*utility];
    bool in_loop = model.runs_in_loop(site.node);
    if (std::optional<Guard> guard = guard_around(model, site.node)) {
      ++count.guarded_total;
      if (in_loop) {
        ++count.guarded_in_loops;
        ++census.guarded_values[guarded_values(*guard, model.dialect())];
      }
      continue;
    }
    ++count.total;
    if (in_loop) ++count.in_loops;
  }
  for (const Diagnostic& diagnostic : lint_parsed(model, parsed.errors, options.rules)) {
    if (!diagnostic.cost || diagnostic.cost->forks_per_execution <= 0) continue;
    RuleForks& rule = census.rules[diagnostic.code];
    ++rule.findings;
    rule.forks_total += diagnostic.cost->forks_per_execution;
    if (diagnostic.cost->loop_depth > 0) rule.forks_in_loops += diagnostic.cost->forks_per_execution;
    if (diagnostic.fix && diagnostic.fix->guarded) {
      rule.guarded_total += diagnostic.cost->forks_per_execution;
      if (diagnostic.cost->loop_depth > 0) rule.guarded_in_loops += diagnostic.cost->forks_per_execution;
    }
    ++rule.why[why_left(diagnostic)];
  }
  return census;
}

}  // namespace forklift
