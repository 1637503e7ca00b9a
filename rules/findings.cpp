#include "rules/findings.h"

#include <algorithm>

#include <fmt/format.h>

#include "analyzer/semantic_model.h"

namespace forklift {

std::optional<ValueTrait> trait_excluded_by(ValueFact fact) {
  switch (fact) {
    case ValueFact::NoLeadingDash: return ValueTrait::LeadingDash;
    case ValueFact::NoBackslash: return ValueTrait::Backslash;
    case ValueFact::NoNewline: return ValueTrait::Newline;
    case ValueFact::NoTrailingNewline: return ValueTrait::TrailingNewline;
    case ValueFact::NonEmpty: return ValueTrait::Empty;
    case ValueFact::NoTrailingSlash: return ValueTrait::TrailingSlash;
    case ValueFact::NoSlash: return ValueTrait::Slash;
    default: return std::nullopt;
  }
}

void FixSafety::downgrade(Applicability level, std::string reason) {
  if (level != Applicability::Safe) other_reasons_ = true;
  add_reason(level, std::move(reason));
}

void FixSafety::downgrade_for_trait(ValueTrait trait, std::string_view variable, std::string reason) {
  bool known = std::any_of(traits_.begin(), traits_.end(),
                           [&](const MissingTrait& t) { return t.trait == trait && t.variable == variable; });
  if (!known) traits_.push_back(MissingTrait{trait, std::string(variable)});
  add_reason(Applicability::Unsafe, std::move(reason));
}

void FixSafety::downgrade_for_fact(ValueFact fact, std::string_view variable, std::string reason) {
  if (std::optional<ValueTrait> trait = trait_excluded_by(fact)) {
    downgrade_for_trait(*trait, variable, std::move(reason));
  } else {
    downgrade(Applicability::Unsafe, std::move(reason));
  }
}

void FixSafety::add_reason(Applicability level, std::string reason) {
  if (static_cast<int>(level) > static_cast<int>(level_)) level_ = level;
  if (level == Applicability::Safe) return;
  if (std::find(reasons_.begin(), reasons_.end(), reason) == reasons_.end()) reasons_.push_back(std::move(reason));
}

void FixSafety::prove(std::string proof) {
  if (std::find(proofs_.begin(), proofs_.end(), proof) == proofs_.end()) proofs_.push_back(std::move(proof));
}

std::string FixSafety::reason() const {
  std::string out;
  for (const std::string& reason : safe() ? proofs_ : reasons_) {
    if (!out.empty()) out += "; ";
    out += reason;
  }
  return out;
}

void require_facts(const ValueFacts& facts, std::string_view name, std::initializer_list<ValueFact> needed,
                   Applicability level, FixSafety& safety) {
  if (std::optional<ValueFact> first = facts.first_missing(needed)) {
    // The message names the first fact missing; every one is recorded, for a guard.
    std::string reason = facts.missing(*first, name);
    for (ValueFact fact : needed) {
      if (facts.has(fact)) continue;
      if (level == Applicability::Unsafe) {
        safety.downgrade_for_fact(fact, name, reason);
      } else {
        safety.downgrade(level, reason);
      }
    }
    return;
  }
  std::vector<std::string_view> names;
  for (ValueFact fact : needed) names.push_back(fact_name(fact));
  safety.prove(fmt::format("`${}` {} ({})", name, fmt::join(names, ", "), facts.origin));
}

Diagnostic make_diagnostic(const RuleInfo& info, const Node* node, std::string message) {
  Diagnostic diagnostic;
  diagnostic.code = std::string(info.code);
  diagnostic.severity = info.default_severity;
  diagnostic.begin = node->begin;
  diagnostic.end = node->end;
  diagnostic.message = std::move(message);
  return diagnostic;
}

void attach_fix(Diagnostic& diagnostic, const FixSafety& safety, std::string title, std::vector<Edit> edits) {
  Fix fix;
  fix.applicability = safety.level();
  fix.title = std::move(title);
  fix.reason = safety.reason();
  fix.edits = std::move(edits);
  if (!fix.reason.empty()) {
    diagnostic.message += fmt::format(" [{} fix: {}]", applicability_name(fix.applicability), fix.reason);
  }
  diagnostic.fix = std::move(fix);
}

void attach_cost(const LintContext& context, const Node* forking, Diagnostic& diagnostic) {
  ForkEstimate estimate = context.model.fork_estimate(forking);
  diagnostic.cost = ForkCost{estimate.forks_per_execution, estimate.loop_depth, estimate.estimated_forks};
  if (estimate.loop_depth > 0 && estimate.forks_per_execution > 0) {
    diagnostic.message += fmt::format(" ({})", context.model.describe_cost(estimate));
  }
}

Edit replace_node(const Node* node, std::string replacement) { return Edit{node->begin, node->end, std::move(replacement)}; }

Diagnostic replacement_diagnostic(const LintContext& context, const RuleInfo& info, const Node* node,
                                  std::string message, const FixSafety& safety, const std::string& replacement) {
  Diagnostic diagnostic = make_diagnostic(info, node, std::move(message));
  attach_cost(context, node, diagnostic);
  attach_fix(diagnostic, safety, fmt::format("Replace with `{}`", replacement), {replace_node(node, replacement)});
  return diagnostic;
}

void require_status_unused(const LintContext& context, const Node* command, std::string_view change,
                           FixSafety& safety) {
  std::optional<StatusConsumer> consumer = context.model.exit_status_consumer(command);
  if (!consumer) return;
  bool tested = *consumer == StatusConsumer::Condition || *consumer == StatusConsumer::AndOr ||
                *consumer == StatusConsumer::Negation || *consumer == StatusConsumer::DollarQuestion;
  safety.downgrade(tested ? Applicability::DisplayOnly : Applicability::Unsafe,
                   fmt::format("{} and {}", change, describe_consumer(*consumer)));
}

std::string indentation_at(std::string_view source, uint32_t offset) {
  size_t line_start = source.rfind('\n', offset == 0 ? 0 : offset - 1);
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  size_t end = source.find_first_not_of(" \t", line_start);
  if (end == std::string_view::npos || end > offset) end = offset;
  return std::string(source.substr(line_start, end - line_start));
}

}  // namespace forklift
