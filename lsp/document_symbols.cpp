#include "lsp/document_symbols.h"

#include <algorithm>

#include "lsp/node_lookup.h"
#include "lsp/symbol_resolution.h"

namespace forklift::lsp {

std::vector<DocumentSymbol> document_symbols(const DocumentAnalysis& analysis, PositionEncoding encoding) {
  std::vector<std::pair<uint32_t, DocumentSymbol>> found;
  if (!analysis.model) return {};
  const SourceFile& file = *analysis.file;
  for (const Function& function : analysis.model->functions()) {
    Span name = slice_span(file.text(), function.node->text);
    found.push_back({function.node->begin,
                     {function.name, "function", SymbolKind::Function, range_of(file, function.node->begin, function.node->end, encoding),
                      range_of(file, name.begin, name.end, encoding)}});
  }
  for (const Variable& variable : analysis.model->variables()) {
    if (variable.scope != 0) continue;
    auto first = std::find_if(variable.definitions.begin(), variable.definitions.end(),
                              [](const Definition& d) { return d.node != nullptr && d.kind != DefinitionKind::Unset; });
    if (first == variable.definitions.end()) continue;
    Span name = name_span_in(file.text(), first->node, variable.name);
    Span whole{std::min(name.begin, first->node->begin), std::max(name.end, first->node->end)};
    found.push_back({whole.begin,
                     {variable.name, "variable", SymbolKind::Variable, range_of(file, whole.begin, whole.end, encoding),
                      range_of(file, name.begin, name.end, encoding)}});
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<DocumentSymbol> symbols;
  for (auto& [offset, symbol] : found) symbols.push_back(std::move(symbol));
  return symbols;
}

}  // namespace forklift::lsp
