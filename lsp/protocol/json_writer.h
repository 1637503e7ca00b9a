// Protocol values written straight into a string, for the few messages large
// enough that building a JSON document first, then serializing it, dominates
// their cost (thousands of diagnostics or code actions on a large file). What
// they write parses to the same JSON as nlohmann's serialization of the
// same structs (tested).
#pragma once

#include <string>
#include <string_view>

#include "lsp/protocol/basic_types.h"
#include "lsp/protocol/diagnostics.h"

namespace forklift::lsp::json_writer {

// Invalid UTF-8 becomes U+FFFD, as serialize() does.
void append_string(std::string& out, std::string_view text);
void append_range(std::string& out, const Range& range);
void append_diagnostic(std::string& out, const Diagnostic& diagnostic);
void append_workspace_edit(std::string& out, const WorkspaceEdit& edit);

}  // namespace forklift::lsp::json_writer
