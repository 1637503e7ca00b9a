#include "lsp/suppression_edit.h"

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

// A trailing comment at `line_end` would become part of a string, a
// here-document or an arithmetic expression that goes on past the line.
bool inside_multiline_construct(const Ast& ast, uint32_t line_end) {
  bool inside = false;
  visit(ast.root, [&](const Node* node) {
    if (inside) return false;
    if (spans_lines(node->kind) && node->begin < line_end && line_end < node->end) inside = true;
    return !inside;
  });
  return inside;
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

struct LineComment {
  Span span;
  bool is_directive = false;
};

std::optional<LineComment> comment_on_line(const DocumentAnalysis& analysis, uint32_t line_start, uint32_t line_end) {
  std::string_view source = analysis.file->text();
  for (Span comment : analysis.ast->comments) {
    if (comment.begin < line_start || comment.begin >= line_end) continue;
    std::string_view text = trim_right(source.substr(comment.begin, comment.end - comment.begin));
    std::string_view body = text.substr(1);
    while (!body.empty() && body.front() == ' ') body.remove_prefix(1);
    return LineComment{{comment.begin, comment.begin + static_cast<uint32_t>(text.size())}, body.starts_with(kDirective)};
  }
  return std::nullopt;
}

std::optional<Edit> comment_line_above(const DocumentAnalysis& analysis, const forklift::Diagnostic& diagnostic) {
  std::vector<const Node*> path = nodes_at(*analysis.ast, diagnostic.begin);
  if (path.empty()) return std::nullopt;
  const Node* statement = analysis.model->enclosing_statement(path.back());
  if (statement == nullptr) return std::nullopt;
  const SourceFile& file = *analysis.file;
  uint32_t line = file.position(statement->begin).line;
  std::string_view before = file.line_text(line).substr(0, statement->begin - file.line_start(line));
  if (before.find_first_not_of(" \t") != std::string_view::npos) return std::nullopt;
  return Edit{file.line_start(line), file.line_start(line),
              fmt::format("{}# {}{}\n", before, kDirective, diagnostic.code)};
}

}  // namespace

std::optional<Edit> suppression_edit(const DocumentAnalysis& analysis, const forklift::Diagnostic& diagnostic) {
  if (analysis.ast == nullptr || !analysis.model) return std::nullopt;
  const SourceFile& file = *analysis.file;
  uint32_t line = file.position(diagnostic.begin).line;
  uint32_t line_start = file.line_start(line);
  std::string_view text = file.line_text(line);
  uint32_t line_end = line_start + static_cast<uint32_t>(trim_right(text).size());
  auto comment = comment_on_line(analysis, line_start, line_end);
  if (comment && comment->is_directive) return Edit{comment->span.end, comment->span.end, "," + diagnostic.code};
  bool continued = trim_right(text).ends_with('\\');
  if (!comment && !continued && !inside_multiline_construct(*analysis.ast, line_end)) {
    return Edit{line_end, line_end, fmt::format("  # {}{}", kDirective, diagnostic.code)};
  }
  return comment_line_above(analysis, diagnostic);
}

}  // namespace forklift::lsp
