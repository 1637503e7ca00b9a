// The open documents, by URI.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "lsp/document.h"

namespace forklift::lsp {

class DocumentStore {
 public:
  Document& open(const DidOpenTextDocumentParams& params);
  // The changes in bytes; nullopt when the document is not open (the change
  // is then dropped).
  std::optional<std::vector<TextReplacement>> change(const DidChangeTextDocumentParams& params,
                                                     PositionEncoding encoding);
  void close(const std::string& uri) { documents_.erase(uri); }
  const Document* find(const std::string& uri) const;

 private:
  std::map<std::string, Document, std::less<>> documents_;
};

}  // namespace forklift::lsp
