#include "cli/reporters/diagnostic_json.h"

namespace forklift::cli {
namespace {

nlohmann::ordered_json location(const SourceFile& file, uint32_t offset) {
  Position position = file.position(offset);
  return {{"row", position.line}, {"column", position.column}};
}

nlohmann::ordered_json fix_json(const SourceFile& file, const Fix& fix) {
  nlohmann::ordered_json edits = nlohmann::ordered_json::array();
  for (const Edit& edit : fix.edits) {
    edits.push_back({{"content", edit.replacement},
                     {"location", location(file, edit.begin)},
                     {"end_location", location(file, edit.end)}});
  }
  return {{"applicability", applicability_name(fix.applicability)},
          {"message", fix.title},
          {"reason", fix.reason},
          {"edits", std::move(edits)}};
}

nlohmann::ordered_json cost_json(const ForkCost& cost) {
  return {{"forks_per_execution", cost.forks_per_execution},
          {"loop_depth", cost.loop_depth},
          {"estimated_forks", cost.estimated_forks}};
}

}  // namespace

nlohmann::ordered_json diagnostic_json(const SourceFile& file, const Diagnostic& diagnostic) {
  return {{"code", diagnostic.code},
          {"message", diagnostic.message},
          {"severity", severity_name(diagnostic.severity)},
          {"filename", file.path()},
          {"location", location(file, diagnostic.begin)},
          {"end_location", location(file, diagnostic.end)},
          {"fix", diagnostic.fix ? fix_json(file, *diagnostic.fix) : nlohmann::ordered_json(nullptr)},
          {"cost", diagnostic.cost ? cost_json(*diagnostic.cost) : nlohmann::ordered_json(nullptr)}};
}

}  // namespace forklift::cli
