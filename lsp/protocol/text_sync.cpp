#include "lsp/protocol/text_sync.h"

namespace forklift::lsp {

void from_json(const json& j, DidOpenTextDocumentParams& p) {
  const json& doc = j.at("textDocument");
  doc.at("uri").get_to(p.uri);
  p.language_id = doc.value("languageId", "");
  doc.at("version").get_to(p.version);
  doc.at("text").get_to(p.text);
}

void from_json(const json& j, TextDocumentContentChangeEvent& e) {
  if (j.contains("range")) e.range = j.at("range").get<Range>();
  j.at("text").get_to(e.text);
}

void from_json(const json& j, DidChangeTextDocumentParams& p) {
  const json& doc = j.at("textDocument");
  doc.at("uri").get_to(p.uri);
  doc.at("version").get_to(p.version);
  j.at("contentChanges").get_to(p.content_changes);
}

void from_json(const json& j, DidCloseTextDocumentParams& p) { j.at("textDocument").at("uri").get_to(p.uri); }

}  // namespace forklift::lsp
