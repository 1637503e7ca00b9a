#include "lsp/protocol/diagnostics.h"

namespace forklift::lsp {

void to_json(json& j, const Diagnostic& d) {
  j = json{{"range", d.range}, {"severity", static_cast<int>(d.severity)}, {"message", d.message}};
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
  j = json{{"uri", p.uri}, {"diagnostics", p.diagnostics}};
  if (p.version) j["version"] = *p.version;
}

}  // namespace forklift::lsp
