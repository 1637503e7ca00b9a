// What the editor can ask of the server, in typed form. The protocol layer
// (ProtocolServer) decodes JSON and calls these; the features (FeatureServer)
// implement them without seeing JSON. Diagnostics flow the other way, through
// the DiagnosticsPublisher the features were given.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "lsp/position_encoding.h"
#include "lsp/protocol/code_action.h"
#include "lsp/protocol/diagnostics.h"
#include "lsp/protocol/formatting.h"
#include "lsp/protocol/hover.h"
#include "lsp/protocol/navigation.h"
#include "lsp/protocol/symbols.h"
#include "lsp/protocol/text_sync.h"
#include "lsp/server_config.h"

namespace forklift::lsp {

// Called from any thread.
using DiagnosticsPublisher = std::function<void(const PublishDiagnosticsParams&)>;

class LanguageFeatures {
 public:
  virtual ~LanguageFeatures() = default;

  // These are set before the first document opens; configure may come again
  // later (the client's settings or a forklift.toml changed) and re-checks every open document.
  virtual void set_position_encoding(PositionEncoding encoding) = 0;
  // Whether the client shows a diagnostic's relatedInformation (the loop it is in).
  virtual void set_related_information_support(bool supported) = 0;
  // Whether the client resolves a code action's edit later (codeAction/resolve).
  virtual void set_code_action_resolve_support(bool supported) = 0;
  virtual void configure(const ServerConfig& config) = 0;

  virtual void did_open(const DidOpenTextDocumentParams& params) = 0;
  virtual void did_change(const DidChangeTextDocumentParams& params) = 0;
  virtual void did_close(const DidCloseTextDocumentParams& params) = 0;

  virtual std::vector<SharedCodeAction> code_actions(const CodeActionParams& params) = 0;
  // The edit of a fix-all action sent without one; nullopt when the document
  // has changed since (the editor asks for code actions again).
  virtual std::optional<WorkspaceEdit> resolve_fix_all(const CodeActionData& data) = 0;
  virtual std::optional<Hover> hover(const TextDocumentPositionParams& params) = 0;
  virtual std::vector<DocumentSymbol> document_symbols(const TextDocumentIdentifier& document) = 0;
  virtual std::vector<Location> definition(const TextDocumentPositionParams& params) = 0;
  virtual std::vector<Location> references(const ReferenceParams& params) = 0;
  // Edits that format the document (through shfmt); throws std::runtime_error
  // with a message for the user when it cannot be formatted.
  virtual std::vector<TextEdit> formatting(const DocumentFormattingParams& params) = 0;

  // Ends background work; no diagnostics are published afterwards.
  virtual void stop() = 0;
};

}  // namespace forklift::lsp
