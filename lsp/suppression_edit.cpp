#include "lsp/suppression_edit.h"

#include <algorithm>

#include <fmt/format.h>

#include "lsp/node_lookup.h"

namespace forklift::lsp {
namespace {

constexpr std::string_view kDirective = "forklift: disable=";

bool spans_lines(NodeKind kind) {
  switch (kind) {
    case NodeKind::SingleQuoted:
    case NodeKind::DoubleQuoted:
    case NodeKind::AnsiCQuoted:
    case NodeKind::LocaleQuoted:
    case NodeKind::HereDocBody:
    case NodeKind::Backtick:
    case NodeKind::ArithCommand:
    case NodeKind::ArithExp:
    case NodeKind::ArithBracket:
    case NodeKind::ArithFor:
      return true;
    default:
      return false;
  }
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

SuppressionPlanner::SuppressionPlanner(const DocumentAnalysis& analysis) : analysis_(analysis) {
  if (analysis.ast == nullptr) return;
  comments_ = analysis.ast->comments;
  std::sort(comments_.begin(), comments_.end(), [](Span a, Span b) { return a.begin < b.begin; });
  visit(analysis.ast->root, [&](const Node* node) {
    if (spans_lines(node->kind)) multiline_.push_back({node->begin, node->end});
    return true;
  });
  std::sort(multiline_.begin(), multiline_.end(), [](Span a, Span b) { return a.begin < b.begin; });
  uint32_t furthest = 0;
  for (Span span : multiline_) furthest_end_.push_back(furthest = std::max(furthest, span.end));
}

// A trailing comment at `offset` would become part of a string, a
// here-document or an arithmetic expression that goes on past the line.
bool SuppressionPlanner::inside_multiline_construct(uint32_t offset) const {
  auto after = std::lower_bound(multiline_.begin(), multiline_.end(), offset,
                                [](Span span, uint32_t at) { return span.begin < at; });
  size_t opened_before = static_cast<size_t>(after - multiline_.begin());
  return opened_before > 0 && furthest_end_[opened_before - 1] > offset;
}

std::optional<SuppressionPlanner::LineComment> SuppressionPlanner::comment_on_line(uint32_t line_start,
                                                                                   uint32_t line_end) const {
  auto comment = std::lower_bound(comments_.begin(), comments_.end(), line_start,
                                  [](Span span, uint32_t at) { return span.begin < at; });
  if (comment == comments_.end() || comment->begin >= line_end) return std::nullopt;
  std::string_view source = analysis_.file->text();
  std::string_view text = trim_right(source.substr(comment->begin, comment->end - comment->begin));
  std::string_view body = text.substr(1);
  while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
  return LineComment{{comment->begin, comment->begin + static_cast<uint32_t>(text.size())}, body.starts_with(kDirective)};
}

std::optional<Edit> SuppressionPlanner::comment_line_above(const forklift::Diagnostic& diagnostic) const {
  std::vector<const Node*> path = nodes_at(*analysis_.ast, diagnostic.begin);
  if (path.empty()) return std::nullopt;
  const Node* statement = analysis_.model->enclosing_statement(path.back());
  if (statement == nullptr) return std::nullopt;
  const SourceFile& file = *analysis_.file;
  uint32_t line = file.position(statement->begin).line;
  std::string_view before = file.line_text(line).substr(0, statement->begin - file.line_start(line));
  if (before.find_first_not_of(" \t") != std::string_view::npos) return std::nullopt;
  return Edit{file.line_start(line), file.line_start(line),
              fmt::format("{}# {}{}\n", before, kDirective, diagnostic.code)};
}

std::optional<Edit> SuppressionPlanner::edit(const forklift::Diagnostic& diagnostic) const {
  if (analysis_.ast == nullptr || !analysis_.model) return std::nullopt;
  const SourceFile& file = *analysis_.file;
  uint32_t line = file.position(diagnostic.begin).line;
  uint32_t line_start = file.line_start(line);
  std::string_view text = file.line_text(line);
  uint32_t line_end = line_start + static_cast<uint32_t>(trim_right(text).size());
  auto comment = comment_on_line(line_start, line_end);
  if (comment && comment->is_directive) return Edit{comment->span.end, comment->span.end, "," + diagnostic.code};
  bool continued = trim_right(text).ends_with('\\');
  if (!comment && !continued && !inside_multiline_construct(line_end)) {
    return Edit{line_end, line_end, fmt::format("  # {}{}", kDirective, diagnostic.code)};
  }
  return comment_line_above(diagnostic);
}

}  // namespace forklift::lsp
