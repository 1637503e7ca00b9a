// What `forklift verify` prints: a verdict per file and per shell, with a
// unified diff of what differed (text), or one JSON document (for CI).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/verify/rewrite_check.h"

namespace forklift::harness {

struct FileVerification {
  std::string path;
  std::string rewritten;               // the --fixed file; empty for a computed rewrite
  std::string error;                   // could not be prepared (missing, syntax error, …)
  bool changed = false;                // false: nothing to rewrite, nothing was run
  std::map<std::string, int> applied;  // fixes applied per rule
  std::vector<harness::RewriteCheck> checks;  // one per shell
};

// The file's verdict: the worst of its checks (different, then could not run).
harness::Verdict file_verdict(const FileVerification& file);

std::string render_text(const std::vector<FileVerification>& files);
std::string render_json(const std::vector<FileVerification>& files);

}  // namespace forklift::harness
