// textDocument/documentSymbol (hierarchical form).
#pragma once

#include <string>
#include <vector>

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

enum class SymbolKind { Function = 12, Variable = 13 };

struct DocumentSymbol {
  std::string name;
  std::string detail;
  SymbolKind kind = SymbolKind::Variable;
  Range range;
  Range selection_range;
};

void to_json(json& j, const DocumentSymbol& s);

}  // namespace forklift::lsp
