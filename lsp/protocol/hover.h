// textDocument/hover.
#pragma once

#include <optional>
#include <string>

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

struct Hover {
  std::string markdown;
  std::optional<Range> range;
};

void to_json(json& j, const Hover& h);

}  // namespace forklift::lsp
