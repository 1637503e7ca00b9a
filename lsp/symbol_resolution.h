// Which function or variable a cursor is on, and where that symbol is
// defined and used, from the semantic model.
#pragma once

#include <optional>
#include <vector>

#include "analyzer/semantic_model.h"
#include "lsp/document_analysis.h"

namespace forklift::lsp {

struct SymbolAtCursor {
  const Function* function = nullptr;  // exactly one of the two is set
  const Variable* variable = nullptr;
  Span name;  // the name under the cursor
};

std::optional<SymbolAtCursor> symbol_at(const DocumentAnalysis& analysis, uint32_t offset);

// Where the symbol's name is defined (a function's name in its definition;
// every assignment, `for`, `read`, ... of a variable), in source order.
std::vector<Span> definition_spans(const DocumentAnalysis& analysis, const SymbolAtCursor& symbol);
// Where the name is used: calls of a function, expansions of a variable.
std::vector<Span> use_spans(const DocumentAnalysis& analysis, const SymbolAtCursor& symbol);

// The span of `name` inside a definition node (an Assignment's name, a `for`
// variable, the word `x` of `read x`, ...); the node's span when not found.
Span name_span_in(std::string_view source, const Node* node, std::string_view name);

}  // namespace forklift::lsp
