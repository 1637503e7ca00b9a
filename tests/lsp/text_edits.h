// Applying an LSP WorkspaceEdit's text edits to a text, as an editor would
// (positions in UTF-16 units; the test scripts are ASCII, where they are bytes).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace forklift::lsp::test {

std::string apply_text_edits(const std::string& text, const nlohmann::json& edits);

}  // namespace forklift::lsp::test
