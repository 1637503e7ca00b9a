// Linting many files on all cores, keeping results in input order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analyzer/source_file.h"
#include "config/settings_resolver.h"
#include "rules/linter.h"

namespace forklift::cli {

struct LintJob {
  std::string path;                       // as reported
  std::optional<std::string> stdin_text;  // set for `-`: lint these bytes instead of reading `path`
  FileSettings settings;
};

struct LintOutcome {
  std::optional<SourceFile> source;  // empty when the file could not be read or linted
  LintResult result;
  std::string error;                 // "PATH: reason" when source is empty
};

// One outcome per job, in job order.
std::vector<LintOutcome> lint_all(const std::vector<LintJob>& jobs, bool show_progress);

}  // namespace forklift::cli
