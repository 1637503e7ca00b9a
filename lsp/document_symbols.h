// textDocument/documentSymbol: the file's functions and global variables.
#pragma once

#include <vector>

#include "lsp/document_analysis.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/symbols.h"

namespace forklift::lsp {

// Functions (the whole definition, its name selected) and global variables
// (at their first definition), in source order.
std::vector<DocumentSymbol> document_symbols(const DocumentAnalysis& analysis, PositionEncoding encoding);

}  // namespace forklift::lsp
