// textDocument/hover: the rule behind a diagnostic, or what a command name is.
#pragma once

#include <optional>

#include "lsp/document_analysis.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/hover.h"

namespace forklift::lsp {

// Over a diagnostic: the rule's summary, its estimated cost and its
// documentation. Over a command name: builtin, function of this file (with
// the line of its definition) or external program, and whether running it
// forks in the target shell.
std::optional<Hover> hover_at(const DocumentAnalysis& analysis, uint32_t offset, PositionEncoding encoding);

}  // namespace forklift::lsp
