// The two scripts `forklift verify` compares: the original, and its rewrite —
// the file given with --fixed, or what `forklift fix` would write.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "analyzer/dialect.h"
#include "config/settings_resolver.h"

namespace forklift::cli {

// A directory for the computed rewrites, removed with them.
class RewriteDirectory {
 public:
  RewriteDirectory();
  RewriteDirectory(const RewriteDirectory&) = delete;
  RewriteDirectory& operator=(const RewriteDirectory&) = delete;
  ~RewriteDirectory();
  // Writes `text` into a fresh subdirectory under `name`; returns its path.
  std::filesystem::path write(const std::string& name, const std::string& text);

 private:
  std::filesystem::path path_;
  int written_ = 0;
};

struct PreparedRewrite {
  std::string error;                   // why there is nothing to compare ("PATH:LINE:COL: …"); empty when prepared
  std::filesystem::path rewritten;     // the script to compare with the original
  bool changed = false;                // the rewrite differs from the original
  std::map<std::string, int> applied;  // fixes applied per rule (computed rewrites only)
  DialectChoice dialect;               // of the original, as lint detected it
};

// Reads and parses `original` (a syntax error is an error: nothing can be
// fixed or trusted), then takes `fixed` or computes the fix with the file's
// settings as `forklift fix` does, writing it into `directory`.
PreparedRewrite prepare_rewrite(const std::string& original, const std::optional<std::string>& fixed,
                                SettingsResolver& settings, RewriteDirectory& directory);

}  // namespace forklift::cli
