#include "lsp/protocol/basic_types.h"

namespace forklift::lsp {

void to_json(json& j, const Position& p) { j = json{{"line", p.line}, {"character", p.character}}; }

void from_json(const json& j, Position& p) {
  j.at("line").get_to(p.line);
  j.at("character").get_to(p.character);
}

void to_json(json& j, const Range& r) { j = json{{"start", r.start}, {"end", r.end}}; }

void from_json(const json& j, Range& r) {
  j.at("start").get_to(r.start);
  j.at("end").get_to(r.end);
}

void to_json(json& j, const Location& l) { j = json{{"uri", l.uri}, {"range", l.range}}; }

void to_json(json& j, const TextEdit& e) { j = json{{"range", e.range}, {"newText", e.new_text}}; }

void to_json(json& j, const WorkspaceEdit& e) {
  json changes = json::object();
  for (const auto& [uri, edits] : e.changes) changes[uri] = edits;
  j = json{{"changes", std::move(changes)}};
}

void from_json(const json& j, TextDocumentIdentifier& id) { j.at("uri").get_to(id.uri); }

void from_json(const json& j, TextDocumentPositionParams& p) {
  j.at("textDocument").get_to(p.text_document);
  j.at("position").get_to(p.position);
}

}  // namespace forklift::lsp
