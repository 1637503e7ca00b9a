// The LSP structures every feature shares: positions, ranges, locations, edits.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace forklift::lsp {

using json = nlohmann::json;

// Zero-based line; `character` counts units of the negotiated position encoding.
struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
  friend bool operator==(const Position&, const Position&) = default;
  friend auto operator<=>(const Position&, const Position&) = default;
};

struct Range {
  Position start;
  Position end;
  friend bool operator==(const Range&, const Range&) = default;
};

struct Location {
  std::string uri;
  Range range;
  friend bool operator==(const Location&, const Location&) = default;
};

struct TextEdit {
  Range range;
  std::string new_text;
  friend bool operator==(const TextEdit&, const TextEdit&) = default;
};

struct WorkspaceEdit {
  std::map<std::string, std::vector<TextEdit>> changes;  // by document URI
};

struct TextDocumentIdentifier {
  std::string uri;
};

struct TextDocumentPositionParams {
  TextDocumentIdentifier text_document;
  Position position;
};

void to_json(json& j, const Position& p);
void from_json(const json& j, Position& p);
void to_json(json& j, const Range& r);
void from_json(const json& j, Range& r);
void to_json(json& j, const Location& l);
void to_json(json& j, const TextEdit& e);
void to_json(json& j, const WorkspaceEdit& e);
void from_json(const json& j, TextDocumentIdentifier& id);
void from_json(const json& j, TextDocumentPositionParams& p);

}  // namespace forklift::lsp
