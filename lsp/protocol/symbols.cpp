#include "lsp/protocol/symbols.h"

namespace forklift::lsp {

void to_json(json& j, const DocumentSymbol& s) {
  j = json{{"name", s.name}, {"kind", static_cast<int>(s.kind)}, {"range", s.range}, {"selectionRange", s.selection_range}};
  if (!s.detail.empty()) j["detail"] = s.detail;
}

}  // namespace forklift::lsp
