// What `forklift fix` did over all files, printed at the end.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "rewriter/fix_loop.h"

namespace forklift {

class FixSummary {
 public:
  // Adds one file's outcome; `written` is whether its changes were (or, with
  // --diff, would be) kept.
  void add(const FixLoopResult& result);
  // A file that could not be read, fixed or written.
  void add_failed_file() { ++failed_files_; }

  int applied_total() const;
  int changed_files() const { return changed_files_; }
  int failed_files() const { return failed_files_; }

  // Lines for stderr: fixes applied per rule, fixes left per rule and reason
  // with what would apply them, files that failed. `rule_name` gives a code's
  // kebab-case name (empty when unknown). `dry_run` phrases it for --diff.
  std::string render(const std::function<std::string(std::string_view code)>& rule_name, bool dry_run) const;

 private:
  std::map<std::string, int> applied_;
  std::map<std::pair<LeftReason, std::string>, int> left_;
  int changed_files_ = 0;
  int failed_files_ = 0;
  int files_with_syntax_errors_ = 0;
};

// What the user can do about a fix left for this reason.
std::string_view left_reason_advice(LeftReason reason);

}  // namespace forklift
