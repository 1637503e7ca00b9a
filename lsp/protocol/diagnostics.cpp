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

// Clients echo diagnostics back in code action requests; only what identifies
// them matters, and a numeric code (from another server) is kept as text.
void from_json(const json& j, Diagnostic& d) {
  j.at("range").get_to(d.range);
  if (auto severity = j.find("severity"); severity != j.end() && severity->is_number_integer()) {
    d.severity = static_cast<DiagnosticSeverity>(severity->get<int>());
  }
  if (auto code = j.find("code"); code != j.end()) d.code = code->is_string() ? code->get<std::string>() : code->dump();
  d.source = j.value("source", "");
  d.message = j.value("message", "");
}

void to_json(json& j, const PublishDiagnosticsParams& p) {
  j = json{{"uri", p.uri}, {"diagnostics", p.diagnostics}};
  if (p.version) j["version"] = *p.version;
}

}  // namespace forklift::lsp
