// forklift's diagnostics and parse errors as LSP diagnostics.
#pragma once

#include <string>
#include <vector>

#include "analyzer/parse_error.h"
#include "analyzer/semantic_model.h"
#include "analyzer/source_file.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/diagnostics.h"
#include "lsp/server_config.h"
#include "rules/diagnostic.h"

namespace forklift::lsp {

inline constexpr const char* kDiagnosticSource = "forklift";

// The message with its fork cost, as the editor shows it on one line.
std::string message_with_cost(const forklift::Diagnostic& diagnostic);

lsp::Diagnostic to_lsp_diagnostic(const forklift::Diagnostic& diagnostic, const SourceFile& file,
                                  PositionEncoding encoding, const ServerConfig& config);

// The loops of a model nested by their spans, to find the ones around a
// diagnostic without looking at every loop of the file for each.
class LoopSpans {
 public:
  explicit LoopSpans(const SemanticModel& model);
  // The loops whose span holds [begin, end), in source order.
  std::vector<const Loop*> around(uint32_t begin, uint32_t end) const;

 private:
  std::vector<const Loop*> loops_;  // by start
  std::vector<int> outer_;          // index of the innermost loop holding each, or -1
};

// For a diagnostic whose cost grows in loops: the loops around it, innermost
// first, each at its first line with how often it runs.
std::vector<DiagnosticRelatedInformation> loop_related_information(const forklift::Diagnostic& diagnostic,
                                                                   const SourceFile& file, const std::string& uri,
                                                                   PositionEncoding encoding, const LoopSpans& loops);

// A syntax error covers the rest of its line, so the editor underlines something.
lsp::Diagnostic parse_error_diagnostic(const ParseError& error, const SourceFile& file, PositionEncoding encoding);

}  // namespace forklift::lsp
