// textDocument/definition and textDocument/references.
#pragma once

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

struct ReferenceParams {
  TextDocumentPositionParams position;
  bool include_declaration = true;
};

void from_json(const json& j, ReferenceParams& p);

}  // namespace forklift::lsp
