#include "lsp/protocol/hover.h"

namespace forklift::lsp {

void to_json(json& j, const Hover& h) {
  j = json{{"contents", {{"kind", "markdown"}, {"value", h.markdown}}}};
  if (h.range) j["range"] = *h.range;
}

}  // namespace forklift::lsp
