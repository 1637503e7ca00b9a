// Fixing one source the way `forklift fix` does, for every command that needs
// the rewritten text (fix, verify).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/source_file.h"
#include "cli/lint_settings.h"
#include "rewriter/fix_loop.h"

namespace forklift::cli {

// Whether `code` is selected by one of `selectors` (ALL, a code or a prefix).
bool matches_any(const std::vector<std::string>& selectors, std::string_view code);

// lint_source with the file's settings; per-file-ignores outrank every
// selection, so their findings are dropped afterwards, as `lint` does.
Linter linter_for(const FileSettings& settings);

// The fix loop over `source` with the file's settings (unsafe fixes included
// when they say so).
FixLoopResult fix_source_text(const SourceFile& source, const FileSettings& settings);

}  // namespace forklift::cli
