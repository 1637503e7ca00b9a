#include "cli/fix_source.h"

#include <algorithm>

namespace forklift::cli {

bool matches_any(const std::vector<std::string>& selectors, std::string_view code) {
  return std::any_of(selectors.begin(), selectors.end(),
                     [&](const std::string& s) { return s == "ALL" || code.starts_with(s); });
}

Linter linter_for(const FileSettings& settings) {
  return [&settings](const SourceFile& file) {
    LintResult result = lint_source(file, settings.options);
    std::erase_if(result.diagnostics,
                  [&](const Diagnostic& d) { return matches_any(settings.per_file_ignores, d.code); });
    return result;
  };
}

FixLoopResult fix_source_text(const SourceFile& source, const FileSettings& settings) {
  return run_fix_loop(source, FixLoopOptions{settings.unsafe_fixes}, linter_for(settings));
}

}  // namespace forklift::cli
