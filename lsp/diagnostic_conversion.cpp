#include "lsp/diagnostic_conversion.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/rule.h"

namespace forklift::lsp {
namespace {

DiagnosticSeverity lsp_severity(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return DiagnosticSeverity::Error;
    case Severity::Warning:
      return DiagnosticSeverity::Warning;
    case Severity::Info:
      return DiagnosticSeverity::Information;
    case Severity::Hint:
      return DiagnosticSeverity::Hint;
  }
  return DiagnosticSeverity::Warning;
}

std::string count_text(double count) {
  if (count == std::floor(count)) return fmt::format("{}", static_cast<long long>(count));
  return fmt::format("{:.1f}", count);
}

std::string trip_text(const Loop& loop) {
  if (loop.reads_lines) return "runs once per input line";
  if (loop.literal_trip_count) return fmt::format("runs {} times", count_text(*loop.literal_trip_count));
  return fmt::format("runs ~{} times (estimated)", count_text(loop.trip_count()));
}

}  // namespace

// Inside loops the rule's message already states the cost (attach_cost in
// rules/findings.h); elsewhere it is said here.
std::string message_with_cost(const forklift::Diagnostic& diagnostic) {
  if (!diagnostic.cost || diagnostic.cost->loop_depth > 0) return diagnostic.message;
  double forks = diagnostic.cost->forks_per_execution;
  return fmt::format("{} ({} {} each time it runs)", diagnostic.message, count_text(forks), forks == 1 ? "fork" : "forks");
}

lsp::Diagnostic to_lsp_diagnostic(const forklift::Diagnostic& diagnostic, const SourceFile& file,
                                  PositionEncoding encoding, const ServerConfig& config) {
  lsp::Diagnostic converted;
  converted.range = range_of(file, diagnostic.begin, diagnostic.end, encoding);
  converted.severity = lsp_severity(diagnostic.severity);
  converted.code = diagnostic.code;
  if (const Rule* rule = find_rule(diagnostic.code)) {
    converted.code_description_href = docs_url(config, rule->info().code, rule->info().name);
  }
  converted.source = kDiagnosticSource;
  converted.message = message_with_cost(diagnostic);
  return converted;
}

LoopSpans::LoopSpans(const SemanticModel& model) {
  for (const Loop& loop : model.loops()) loops_.push_back(&loop);
  std::stable_sort(loops_.begin(), loops_.end(), [](const Loop* a, const Loop* b) { return a->node->begin < b->node->begin; });
  std::vector<int> open;  // the chain of loops holding the current one
  for (size_t i = 0; i < loops_.size(); ++i) {
    while (!open.empty() && loops_[open.back()]->node->end < loops_[i]->node->end) open.pop_back();
    outer_.push_back(open.empty() ? -1 : open.back());
    open.push_back(static_cast<int>(i));
  }
}

std::vector<const Loop*> LoopSpans::around(uint32_t begin, uint32_t end) const {
  // The last loop starting at or before `begin` is the innermost of those that
  // may hold it; the others hold that one, so they are on its chain of outer loops.
  auto after = std::upper_bound(loops_.begin(), loops_.end(), begin,
                                [](uint32_t offset, const Loop* loop) { return offset < loop->node->begin; });
  std::vector<const Loop*> found;
  for (int i = static_cast<int>(after - loops_.begin()) - 1; i >= 0; i = outer_[i]) {
    if (end <= loops_[i]->node->end) found.push_back(loops_[i]);
  }
  std::reverse(found.begin(), found.end());
  return found;
}

std::vector<DiagnosticRelatedInformation> loop_related_information(const forklift::Diagnostic& diagnostic,
                                                                   const SourceFile& file, const std::string& uri,
                                                                   PositionEncoding encoding, const LoopSpans& loops) {
  std::vector<DiagnosticRelatedInformation> related;
  if (!diagnostic.cost || diagnostic.cost->loop_depth == 0) return related;
  std::vector<const Loop*> around = loops.around(diagnostic.begin, diagnostic.end);
  std::sort(around.begin(), around.end(), [](const Loop* a, const Loop* b) { return a->depth > b->depth; });
  for (const Loop* loop : around) {
    uint32_t line = file.position(loop->node->begin).line;
    uint32_t line_end = file.line_start(line) + static_cast<uint32_t>(file.line_text(line).size());
    uint32_t header_end = std::min(loop->node->end, line_end);
    related.push_back({{uri, range_of(file, loop->node->begin, header_end, encoding)},
                       fmt::format("inside this loop, which {}", trip_text(*loop))});
  }
  return related;
}

lsp::Diagnostic parse_error_diagnostic(const ParseError& error, const SourceFile& file, PositionEncoding encoding) {
  uint32_t line = file.position(error.offset).line;
  uint32_t line_end = file.line_start(line) + static_cast<uint32_t>(file.line_text(line).size());
  lsp::Diagnostic converted;
  converted.range = range_of(file, error.offset, std::max(error.offset, line_end), encoding);
  converted.severity = DiagnosticSeverity::Error;
  converted.source = kDiagnosticSource;
  converted.message = error.message;
  return converted;
}

}  // namespace forklift::lsp
