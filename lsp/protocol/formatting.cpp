#include "lsp/protocol/formatting.h"

namespace forklift::lsp {

void from_json(const json& j, DocumentFormattingParams& p) {
  j.at("textDocument").get_to(p.text_document);
  const json& options = j.at("options");
  p.options.tab_size = options.value("tabSize", 8u);
  p.options.insert_spaces = options.value("insertSpaces", false);
}

}  // namespace forklift::lsp
