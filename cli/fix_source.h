// Fixing one source the way `forklift fix` does, for every command that needs
// the rewritten text (fix, verify).
#pragma once

#include "analyzer/source_file.h"
#include "config/settings_resolver.h"
#include "rewriter/fix_loop.h"

namespace forklift::cli {

// lint_source with the file's settings.
Linter linter_for(const FileSettings& settings);

// The fix loop over `source` with the file's settings (unsafe fixes included
// when they say so).
FixLoopResult fix_source_text(const SourceFile& source, const FileSettings& settings);

}  // namespace forklift::cli
