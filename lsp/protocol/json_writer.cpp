#include "lsp/protocol/json_writer.h"

#include <iterator>

#include <fmt/format.h>

namespace forklift::lsp::json_writer {
namespace {

// Plain ASCII without quotes, backslashes or control characters goes out as it
// is; anything else (escapes, non-ASCII, invalid UTF-8 replaced by U+FFFD) is
// left to nlohmann, so both writers agree on every string.
bool needs_escaping(std::string_view text) {
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x80 || c == '"' || c == '\\') return true;
  }
  return false;
}

void append_position(std::string& out, const Position& position) {
  fmt::format_to(std::back_inserter(out), R"({{"line":{},"character":{}}})", position.line, position.character);
}

void append_related(std::string& out, const DiagnosticRelatedInformation& info) {
  out += R"({"location":{"uri":)";
  append_string(out, info.location.uri);
  out += R"(,"range":)";
  append_range(out, info.location.range);
  out += R"(},"message":)";
  append_string(out, info.message);
  out += '}';
}

void append_text_edit(std::string& out, const TextEdit& edit) {
  out += R"({"range":)";
  append_range(out, edit.range);
  out += R"(,"newText":)";
  append_string(out, edit.new_text);
  out += '}';
}

}  // namespace

void append_string(std::string& out, std::string_view text) {
  if (needs_escaping(text)) {
    out += json(text).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

void append_range(std::string& out, const Range& range) {
  out += R"({"start":)";
  append_position(out, range.start);
  out += R"(,"end":)";
  append_position(out, range.end);
  out += '}';
}

void append_diagnostic(std::string& out, const Diagnostic& diagnostic) {
  out += R"({"range":)";
  append_range(out, diagnostic.range);
  fmt::format_to(std::back_inserter(out), R"(,"severity":{},"message":)", static_cast<int>(diagnostic.severity));
  append_string(out, diagnostic.message);
  if (!diagnostic.code.empty()) {
    out += R"(,"code":)";
    append_string(out, diagnostic.code);
  }
  if (!diagnostic.code_description_href.empty()) {
    out += R"(,"codeDescription":{"href":)";
    append_string(out, diagnostic.code_description_href);
    out += '}';
  }
  if (!diagnostic.source.empty()) {
    out += R"(,"source":)";
    append_string(out, diagnostic.source);
  }
  if (!diagnostic.related_information.empty()) {
    out += R"(,"relatedInformation":[)";
    for (size_t i = 0; i < diagnostic.related_information.size(); ++i) {
      if (i > 0) out += ',';
      append_related(out, diagnostic.related_information[i]);
    }
    out += ']';
  }
  out += '}';
}

void append_workspace_edit(std::string& out, const WorkspaceEdit& edit) {
  out += R"({"changes":{)";
  bool first_document = true;
  for (const auto& [uri, edits] : edit.changes) {
    if (!first_document) out += ',';
    first_document = false;
    append_string(out, uri);
    out += ":[";
    for (size_t i = 0; i < edits.size(); ++i) {
      if (i > 0) out += ',';
      append_text_edit(out, edits[i]);
    }
    out += ']';
  }
  out += "}}";
}

}  // namespace forklift::lsp::json_writer
