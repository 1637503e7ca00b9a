#include "lsp/protocol/navigation.h"

namespace forklift::lsp {

void from_json(const json& j, ReferenceParams& p) {
  j.get_to(p.position);
  if (auto context = j.find("context"); context != j.end() && context->is_object()) {
    p.include_declaration = context->value("includeDeclaration", true);
  }
}

}  // namespace forklift::lsp
