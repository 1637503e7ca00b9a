// The parts of a source no fix may touch because the parse failed there.
#pragma once

#include <span>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/parse_error.h"
#include "analyzer/source_file.h"

namespace forklift {

// Each parse error's line and each Error node's lines, widened by one whole
// line on either side ("inside or next to", DESIGN.md): a parser often notices
// a mistake a token or a line after it was made, and its recovery guesses how
// the neighbouring text was meant. Regions are half-open and end after the last
// line's newline (past the end of the file when they reach it).
std::vector<Span> unparsed_regions(const SourceFile& file, std::span<const ParseError> errors,
                                   std::span<const Span> error_nodes);

// The spans of the Error nodes in a tree (front ends that recover leave them).
std::vector<Span> error_node_spans(const Ast& ast);

}  // namespace forklift
