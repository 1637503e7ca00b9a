// textDocument/formatting.
#pragma once

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

struct FormattingOptions {
  uint32_t tab_size = 8;
  bool insert_spaces = false;
};

struct DocumentFormattingParams {
  TextDocumentIdentifier text_document;
  FormattingOptions options;
};

void from_json(const json& j, DocumentFormattingParams& p);

}  // namespace forklift::lsp
