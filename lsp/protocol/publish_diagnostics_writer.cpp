#include "lsp/protocol/publish_diagnostics_writer.h"

#include <iterator>

#include <fmt/format.h>

#include "lsp/protocol/json_writer.h"

namespace forklift::lsp {

std::string publish_diagnostics_notification(const PublishDiagnosticsParams& params) {
  std::string out;
  out.reserve(128 + params.diagnostics.size() * 320);
  out += R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":)";
  json_writer::append_string(out, params.uri);
  if (params.version) fmt::format_to(std::back_inserter(out), R"(,"version":{})", *params.version);
  out += R"(,"diagnostics":[)";
  for (size_t i = 0; i < params.diagnostics.size(); ++i) {
    if (i > 0) out += ',';
    json_writer::append_diagnostic(out, params.diagnostics[i]);
  }
  out += "]}}";
  return out;
}

}  // namespace forklift::lsp
