// textDocument/codeAction.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lsp/protocol/basic_types.h"
#include "lsp/protocol/diagnostics.h"

namespace forklift::lsp {

inline constexpr const char* kQuickFixKind = "quickfix";
inline constexpr const char* kSourceFixAllKind = "source.fixAll";
inline constexpr const char* kForkliftFixAllKind = "source.fixAll.forklift";

// context.diagnostics is not decoded: the server knows its diagnostics, and
// clients echo them back in varying completeness (Neovim 0.7 drops `range`).
struct CodeActionParams {
  TextDocumentIdentifier text_document;
  Range range;
  std::optional<std::vector<std::string>> only;   // context.only
};

// What codeAction/resolve needs to compute an action's edit later: clients
// that can resolve `edit` get the fix-all action without it, since computing
// it re-lints the document until no fix applies.
struct CodeActionData {
  std::string uri;
  int64_t version = 0;
};

struct CodeAction {
  std::string title;
  std::string kind;
  std::vector<Diagnostic> diagnostics;
  bool is_preferred = false;
  WorkspaceEdit edit;                       // not sent while `resolve` is set
  std::optional<CodeActionData> resolve;  // sent as `data`
};

// An action as the features keep it: the per-diagnostic actions of a document
// version are built once and shared by every answer that includes them (a
// whole-document answer holds thousands).
using SharedCodeAction = std::shared_ptr<const CodeAction>;

void from_json(const json& j, CodeActionParams& p);
void to_json(json& j, const CodeAction& a);
void to_json(json& j, const CodeActionData& d);
void from_json(const json& j, CodeActionData& d);

// True when an action of `kind` is wanted by a request's `only` filter:
// kinds are hierarchical, so "source" admits "source.fixAll.forklift".
bool kind_requested(const std::optional<std::vector<std::string>>& only, std::string_view kind);

}  // namespace forklift::lsp
