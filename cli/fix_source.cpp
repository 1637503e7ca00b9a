#include "cli/fix_source.h"

namespace forklift::cli {

Linter linter_for(const FileSettings& settings) {
  return [&settings](const SourceFile& file) { return lint_source(file, settings.options); };
}

FixLoopResult fix_source_text(const SourceFile& source, const FileSettings& settings) {
  return run_fix_loop(source, FixLoopOptions{settings.unsafe_fixes}, linter_for(settings));
}

}  // namespace forklift::cli
