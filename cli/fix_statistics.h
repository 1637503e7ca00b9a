// `forklift fix --statistics`: what the fixes gained over all files. Per
// rule, the forks its findings point at that the fixes removed (inside
// loops and in all) and those left, with why; per utility, the fork sites
// inside loops before and after.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "rules/fork_census.h"

namespace forklift::cli {

class FixStatistics {
 public:
  void add(const ForkCensus& before, const ForkCensus& after);
  // Text for stderr; `rule_name` gives a code's kebab-case name.
  std::string render(const std::function<std::string(std::string_view code)>& rule_name) const;

 private:
  std::map<std::string, RuleForks> before_rules_, after_rules_;
  std::map<std::string, SiteCount> before_sites_, after_sites_;
  std::map<std::string, int> guarded_values_;  // ForkCensus::guarded_values, after fixing
  int files_ = 0;
};

}  // namespace forklift::cli
