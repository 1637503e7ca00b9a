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
  bool defer_fix_all_edit = false;  // the client resolves it (codeAction/resolve)
};

// Quick fixes and suppressions for the diagnostics touching `range`; the
// fix-all action when the request admits its kind and it changes something.
std::vector<SharedCodeAction> code_actions(const CodeActionContext& context, const CodeActionParams& params);

// The fixes `forklift fix` would apply (with --unsafe-fixes when the
// document's settings allow them), as one action; nullopt when there is nothing to fix.
// With defer_fix_all_edit the action carries the data to resolve its edit
// instead, when some diagnostic has an applicable fix.
std::optional<CodeAction> fix_all_action(const CodeActionContext& context);
// The edit of the fix-all action; nullopt when the fixes change nothing.
std::optional<WorkspaceEdit> fix_all_edit(const CodeActionContext& context);

// The one edit turning `before` into `after`: the differing middle.
TextEdit minimal_text_edit(const SourceFile& before, std::string_view after, PositionEncoding encoding);

}  // namespace forklift::lsp
