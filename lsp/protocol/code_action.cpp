#include "lsp/protocol/code_action.h"

namespace forklift::lsp {

void from_json(const json& j, CodeActionParams& p) {
  j.at("textDocument").get_to(p.text_document);
  j.at("range").get_to(p.range);
  const json& context = j.at("context");
  if (auto only = context.find("only"); only != context.end() && only->is_array()) {
    p.only = only->get<std::vector<std::string>>();
  }
}

void to_json(json& j, const CodeAction& a) {
  j = json{{"title", a.title}, {"kind", a.kind}};
  if (a.resolve) {
    j["data"] = *a.resolve;
  } else {
    j["edit"] = a.edit;
  }
  if (!a.diagnostics.empty()) j["diagnostics"] = a.diagnostics;
  if (a.is_preferred) j["isPreferred"] = true;
}

void to_json(json& j, const CodeActionData& d) { j = json{{"uri", d.uri}, {"version", d.version}}; }

void from_json(const json& j, CodeActionData& d) {
  j.at("uri").get_to(d.uri);
  j.at("version").get_to(d.version);
}

bool kind_requested(const std::optional<std::vector<std::string>>& only, std::string_view kind) {
  if (!only) return true;
  for (const std::string& wanted : *only) {
    if (kind == wanted || (kind.starts_with(wanted) && kind.size() > wanted.size() && kind[wanted.size()] == '.')) {
      return true;
    }
  }
  return false;
}

}  // namespace forklift::lsp
