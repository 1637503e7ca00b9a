// textDocument/publishDiagnostics and the Diagnostic structure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

enum class DiagnosticSeverity { Error = 1, Warning = 2, Information = 3, Hint = 4 };

struct DiagnosticRelatedInformation {
  Location location;
  std::string message;
};

struct Diagnostic {
  Range range;
  DiagnosticSeverity severity = DiagnosticSeverity::Warning;
  std::string code;
  std::string code_description_href;  // empty: no codeDescription
  std::string source;
  std::string message;
  std::vector<DiagnosticRelatedInformation> related_information;
};

struct PublishDiagnosticsParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<Diagnostic> diagnostics;
};

void to_json(json& j, const Diagnostic& d);
void to_json(json& j, const PublishDiagnosticsParams& p);

}  // namespace forklift::lsp
