#include "tests/lsp/text_edits.h"

#include <algorithm>
#include <vector>

#include "analyzer/source_file.h"

namespace forklift::lsp::test {

std::string apply_text_edits(const std::string& text, const nlohmann::json& edits) {
  SourceFile file("edited", text);
  struct Replacement {
    uint32_t begin, end;
    std::string text;
  };
  std::vector<Replacement> replacements;
  auto offset = [&](const nlohmann::json& position) {
    uint32_t line = position["line"].get<uint32_t>() + 1;
    if (line > file.line_count()) return file.size();
    return std::min(file.line_start(line) + position["character"].get<uint32_t>(),
                    file.line_start(line) + static_cast<uint32_t>(file.line_text(line).size()));
  };
  for (const auto& edit : edits) {
    replacements.push_back({offset(edit["range"]["start"]), offset(edit["range"]["end"]), edit["newText"].get<std::string>()});
  }
  // From the end, so earlier offsets stay valid.
  std::stable_sort(replacements.begin(), replacements.end(), [](const auto& a, const auto& b) { return a.begin > b.begin; });
  std::string result = text;
  for (const auto& r : replacements) result.replace(r.begin, r.end - r.begin, r.text);
  return result;
}

}  // namespace forklift::lsp::test
