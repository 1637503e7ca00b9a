#include "lsp/protocol/json_writer.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace forklift::lsp::json_writer {
namespace {

// Non-ASCII text is left to nlohmann, which replaces invalid UTF-8 with
// U+FFFD: both writers then agree on every string.
bool ascii(std::string_view text) {
  return std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// nlohmann's escapes: the short forms where JSON has one, else \u00xx.
void append_escape(std::string& out, unsigned char byte) {
  switch (byte) {
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    default: fmt::format_to(std::back_inserter(out), "\\u{:04x}", byte);
  }
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
  if (!ascii(text)) {
    out += json(text).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  size_t plain = 0;  // the start of the run not yet copied
  for (size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    out.append(text, plain, i - plain);
    append_escape(out, byte);
    plain = i + 1;
  }
  out.append(text, plain);
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
