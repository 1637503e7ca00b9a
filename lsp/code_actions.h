// textDocument/codeAction: a quick fix per diagnostic, "disable FLxxx for
// this line", and source.fixAll.forklift.
#pragma once

#include <string>
#include <vector>

#include "lsp/document_analysis.h"
#include "lsp/position_encoding.h"
#include "lsp/protocol/code_action.h"
#include "lsp/server_config.h"

namespace forklift::lsp {

struct CodeActionContext {
  const DocumentAnalysis& analysis;
  const std::string& uri;
  PositionEncoding encoding;
  const ServerConfig& config;
  const AnalysisSettings& settings;
};

// Quick fixes and suppressions for the diagnostics touching `range`; the
// fix-all action when the request admits its kind and it changes something.
std::vector<CodeAction> code_actions(const CodeActionContext& context, const CodeActionParams& params);

// The fixes `forklift fix` would apply (with --unsafe-fixes when the
// document's settings allow them), as one action; nullopt when there is nothing to fix.
std::optional<CodeAction> fix_all_action(const CodeActionContext& context);

// The one edit turning `before` into `after`: the differing middle.
TextEdit minimal_text_edit(const SourceFile& before, std::string_view after, PositionEncoding encoding);

}  // namespace forklift::lsp
