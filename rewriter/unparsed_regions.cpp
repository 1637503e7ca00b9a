#include "rewriter/unparsed_regions.h"

#include <algorithm>

namespace forklift {
namespace {

Span widened_to_neighbour_lines(const SourceFile& file, uint32_t begin, uint32_t end) {
  uint32_t first = std::max<uint32_t>(file.position(begin).line, 2) - 1;
  uint32_t last = file.position(end).line + 1;
  // A region that reaches the end of the file also covers the end itself, so
  // that an insertion there counts as inside.
  uint32_t region_end = last < file.line_count() ? file.line_start(last + 1) : file.size() + 1;
  return {file.line_start(first), region_end};
}

}  // namespace

std::vector<Span> unparsed_regions(const SourceFile& file, std::span<const ParseError> errors,
                                   std::span<const Span> error_nodes) {
  std::vector<Span> regions;
  for (const ParseError& error : errors) regions.push_back(widened_to_neighbour_lines(file, error.offset, error.offset));
  for (const Span& node : error_nodes) regions.push_back(widened_to_neighbour_lines(file, node.begin, node.end));
  return regions;
}

std::vector<Span> error_node_spans(const Ast& ast) {
  std::vector<Span> spans;
  visit(ast.root, [&](const Node* node) {
    if (node->is(NodeKind::Error)) {
      spans.push_back(node->span());
      return false;  // the outermost Error node already covers its kids
    }
    return true;
  });
  return spans;
}

}  // namespace forklift
