// Text document synchronisation: didOpen, didChange (incremental), didClose.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

struct DidOpenTextDocumentParams {
  std::string uri;
  std::string language_id;
  int64_t version = 0;
  std::string text;
};

// A replacement of `range` by `text`; without a range, the whole document.
struct TextDocumentContentChangeEvent {
  std::optional<Range> range;
  std::string text;
};

struct DidChangeTextDocumentParams {
  std::string uri;
  int64_t version = 0;
  std::vector<TextDocumentContentChangeEvent> content_changes;
};

struct DidCloseTextDocumentParams {
  std::string uri;
};

void from_json(const json& j, DidOpenTextDocumentParams& p);
void from_json(const json& j, TextDocumentContentChangeEvent& e);
void from_json(const json& j, DidChangeTextDocumentParams& p);
void from_json(const json& j, DidCloseTextDocumentParams& p);

}  // namespace forklift::lsp
