#include "cli/fix_statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

namespace forklift::cli {
namespace {

std::string count(double forks) { return fmt::format("{}", static_cast<long long>(std::llround(forks))); }

std::string percent(double part, double whole) {
  return whole <= 0 ? std::string("-") : fmt::format("{:.0f}%", 100.0 * part / whole);
}

std::string why_text(const RuleForks& left) {
  std::vector<std::string> parts;
  for (const auto& [why, n] : left.why) parts.push_back(fmt::format("{} {}", n, why));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

void FixStatistics::add(const ForkCensus& before, const ForkCensus& after) {
  ++files_;
  for (const auto& [code, forks] : before.rules) {
    RuleForks& total = before_rules_[code];
    total.findings += forks.findings;
    total.forks_in_loops += forks.forks_in_loops;
    total.forks_total += forks.forks_total;
  }
  for (const auto& [code, forks] : after.rules) {
    RuleForks& total = after_rules_[code];
    total.findings += forks.findings;
    total.forks_in_loops += forks.forks_in_loops;
    total.forks_total += forks.forks_total;
    for (const auto& [why, n] : forks.why) total.why[why] += n;
  }
  for (const auto& [utility, sites] : before.sites) {
    before_sites_[utility].in_loops += sites.in_loops;
    before_sites_[utility].total += sites.total;
  }
  for (const auto& [utility, sites] : after.sites) {
    after_sites_[utility].in_loops += sites.in_loops;
    after_sites_[utility].total += sites.total;
  }
}

std::string FixStatistics::render(const std::function<std::string(std::string_view code)>& rule_name) const {
  std::string out = fmt::format("fork statistics over {} file{}\n", files_, files_ == 1 ? "" : "s");
  out += fmt::format("{:<7}{:<26}{:>16}{:>16}  {}\n", "rule", "", "removed: loops", "left: loops", "why left");
  for (const auto& [code, before] : before_rules_) {
    auto it = after_rules_.find(code);
    RuleForks after = it == after_rules_.end() ? RuleForks{} : it->second;
    out += fmt::format("{:<7}{:<26}{:>16}{:>16}  {}\n", code, rule_name(code),
                       fmt::format("{} / {}", count(before.forks_in_loops - after.forks_in_loops),
                                   count(before.forks_total - after.forks_total)),
                       fmt::format("{} / {}", count(after.forks_in_loops), count(after.forks_total)), why_text(after));
  }
  out += "(forks per execution of the findings, inside loops / in all)\n";
  out += fmt::format("fork sites inside loops by utility (before -> after, removed):\n");
  std::vector<std::pair<std::string, SiteCount>> utilities(before_sites_.begin(), before_sites_.end());
  std::sort(utilities.begin(), utilities.end(),
            [](const auto& a, const auto& b) { return a.second.in_loops > b.second.in_loops; });
  int before_total = 0, after_total = 0;
  for (const auto& [utility, after] : after_sites_) after_total += after.in_loops;
  for (const auto& [utility, before] : utilities) {
    auto it = after_sites_.find(utility);
    int after = it == after_sites_.end() ? 0 : it->second.in_loops;
    before_total += before.in_loops;
    if (before.in_loops == 0) continue;
    out += fmt::format("  {:<20}{:>7} ->{:>7}  {:>5}\n", utility, before.in_loops, after,
                       percent(before.in_loops - after, before.in_loops));
  }
  out += fmt::format("  {:<20}{:>7} ->{:>7}  {:>5}\n", "total", before_total, after_total,
                     percent(before_total - after_total, before_total));
  return out;
}

}  // namespace forklift::cli
