// The textDocument/publishDiagnostics notification written straight into one
// string. A large file publishes thousands of diagnostics after every edit;
// building a JSON document of them first, then serializing it, was most of the
// time spent publishing. The result parses to the same JSON as
// make_notification("textDocument/publishDiagnostics", params) (tested).
#pragma once

#include <string>

#include "lsp/protocol/diagnostics.h"

namespace forklift::lsp {

std::string publish_diagnostics_notification(const PublishDiagnosticsParams& params);

}  // namespace forklift::lsp
