#include "rules/linter_steps.h"

#include <algorithm>
#include <tuple>

#include "rules/fix_conflict.h"

namespace forklift {
namespace {

// [start of the line holding `begin`, end of the line holding `end`] (newline excluded).
Span whole_lines(const SourceFile& file, uint32_t begin, uint32_t end) {
  uint32_t first = file.position(begin).line;
  uint32_t last = file.position(end).line;
  uint32_t last_end = file.line_start(last) + static_cast<uint32_t>(file.line_text(last).size());
  return {file.line_start(first), std::max(last_end, end)};
}

std::vector<Span> merged(std::vector<Span> spans) {
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<Span> out;
  for (const Span& span : spans) {
    if (!out.empty() && span.begin <= out.back().end) {
      out.back().end = std::max(out.back().end, span.end);
    } else {
      out.push_back(span);
    }
  }
  return out;
}

bool touches(const Edit& edit, const Span& region) { return ranges_conflict(edit.begin, edit.end, region.begin, region.end); }

bool fix_touches(const Fix& fix, const std::vector<Span>& regions) {
  for (const Edit& edit : fix.edits) {
    for (const Span& region : regions) {
      if (touches(edit, region)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Span> error_regions(const SourceFile& file, const Ast* ast, const std::vector<ParseError>& errors) {
  std::vector<Span> regions;
  if (ast != nullptr) {
    visit(ast->root, [&](const Node* node) {
      if (!node->is(NodeKind::Error)) return true;
      regions.push_back(whole_lines(file, node->begin, node->end));
      return false;
    });
  }
  for (const ParseError& error : errors) {
    uint32_t offset = std::min(error.offset, file.size());
    regions.push_back(whole_lines(file, offset, offset));
  }
  return merged(std::move(regions));
}

void drop_fixes_near_errors(const std::vector<Span>& regions, std::vector<Diagnostic>& diagnostics) {
  if (regions.empty()) return;
  for (Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.fix && fix_touches(*diagnostic.fix, regions)) diagnostic.fix.reset();
  }
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.begin, a.code, a.end, a.message) < std::tie(b.begin, b.code, b.end, b.message);
  });
}

}  // namespace forklift
