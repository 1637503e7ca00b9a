#include "lsp/document_store.h"

#include "lsp/uri.h"

namespace forklift::lsp {

Document& DocumentStore::open(const DidOpenTextDocumentParams& params) {
  std::string path = path_from_uri(params.uri).value_or(params.uri);
  documents_.insert_or_assign(params.uri, Document(params.uri, std::move(path), params.version, params.text));
  return documents_.at(params.uri);
}

std::optional<std::vector<TextReplacement>> DocumentStore::change(const DidChangeTextDocumentParams& params,
                                                                  PositionEncoding encoding) {
  auto it = documents_.find(params.uri);
  if (it == documents_.end()) return std::nullopt;
  return it->second.apply(params, encoding);
}

const Document* DocumentStore::find(const std::string& uri) const {
  auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : &it->second;
}

}  // namespace forklift::lsp
