#include "lsp/protocol/diagnostics.h"

namespace forklift::lsp {

// Members are assigned one by one: a braced initializer list copies every
// value it holds once more, the whole list of diagnostics included.
void to_json(json& j, const Diagnostic& d) {
  j = json::object();
  j["range"] = d.range;
  j["severity"] = static_cast<int>(d.severity);
  j["message"] = d.message;
  if (!d.code.empty()) j["code"] = d.code;
  if (!d.code_description_href.empty()) j["codeDescription"] = {{"href", d.code_description_href}};
  if (!d.source.empty()) j["source"] = d.source;
  if (!d.related_information.empty()) {
    json related = json::array();
    for (const auto& info : d.related_information) {
      related.push_back({{"location", info.location}, {"message", info.message}});
    }
    j["relatedInformation"] = std::move(related);
  }
}

void to_json(json& j, const PublishDiagnosticsParams& p) {
  j = json::object();
  j["uri"] = p.uri;
  j["diagnostics"] = p.diagnostics;
  if (p.version) j["version"] = *p.version;
}

}  // namespace forklift::lsp
