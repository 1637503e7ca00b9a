#include "cli/fix_statistics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
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

void add_to(RuleForks& total, const RuleForks& part) {
  total.findings += part.findings;
  total.guarded_in_loops += part.guarded_in_loops;
  total.guarded_total += part.guarded_total;
  total.forks_in_loops += part.forks_in_loops;
  total.forks_total += part.forks_total;
  for (const auto& [why, n] : part.why) total.why[why] += n;
}

void add_to(SiteCount& total, const SiteCount& part) {
  total.in_loops += part.in_loops;
  total.guarded_in_loops += part.guarded_in_loops;
  total.guarded_total += part.guarded_total;
  total.total += part.total;
}

template <typename Count>
void accumulate(std::map<std::string, Count>& totals, const std::map<std::string, Count>& parts) {
  for (const auto& [key, part] : parts) add_to(totals[key], part);
}

template <typename Count>
Count count_of(const std::map<std::string, Count>& counts, const std::string& key) {
  auto it = counts.find(key);
  return it == counts.end() ? Count{} : it->second;
}

}  // namespace

void FixStatistics::add(const ForkCensus& before, const ForkCensus& after) {
  ++files_;
  accumulate(before_rules_, before.rules);
  accumulate(after_rules_, after.rules);
  accumulate(before_sites_, before.sites);
  accumulate(after_sites_, after.sites);
  for (const auto& [values, sites] : after.guarded_values) guarded_values_[values] += sites;
}

std::string FixStatistics::render(const std::function<std::string(std::string_view code)>& rule_name) const {
  std::string out = fmt::format("fork statistics over {} file{}\n", files_, files_ == 1 ? "" : "s");
  out += fmt::format("{:<7}{:<26}{:>16}{:>16}{:>16}  {}\n", "rule", "", "removed: loops", "guarded: loops",
                     "left: loops", "why left");
  // A rule may have findings only after fixing (a fix can expose another
  // rule's finding), so the table covers the codes of both sides.
  std::set<std::string> codes;
  for (const auto* rules : {&before_rules_, &after_rules_}) {
    for (const auto& [code, forks] : *rules) codes.insert(code);
  }
  bool exposed_any = false;
  for (const std::string& code : codes) {
    RuleForks before = count_of(before_rules_, code);
    RuleForks after = count_of(after_rules_, code);
    // Removed: neither left nor kept in a guard's fallback arm. A fix
    // elsewhere can expose findings that were not there before; those are
    // counted as left and said, never as a negative number removed.
    double removed_loops = before.forks_in_loops - after.forks_in_loops - before.guarded_in_loops;
    double removed_total = before.forks_total - after.forks_total - before.guarded_total;
    std::string why = why_text(after);
    if (after.findings > before.findings) {
      exposed_any = true;
      why += fmt::format("{}{} exposed by other fixes*", why.empty() ? "" : ", ", after.findings - before.findings);
    }
    out += fmt::format("{:<7}{:<26}{:>16}{:>16}{:>16}  {}\n", code, rule_name(code),
                       fmt::format("{} / {}", count(std::max(0.0, removed_loops)), count(std::max(0.0, removed_total))),
                       fmt::format("{} / {}", count(before.guarded_in_loops), count(before.guarded_total)),
                       fmt::format("{} / {}", count(after.forks_in_loops), count(after.forks_total)), why);
  }
  out += "(forks per execution of the findings, inside loops / in all; guarded: the safe fix keeps the fork in a\n"
         " `case` arm that runs only for the values its patterns name)\n";
  if (exposed_any) out += "(* findings after fixing that were not there before, counted as left; removed is floored at 0)\n";
  out += fmt::format("fork sites inside loops by utility (before -> after, removed; kept as a guarded fallback):\n");
  std::vector<std::pair<std::string, SiteCount>> utilities(before_sites_.begin(), before_sites_.end());
  std::sort(utilities.begin(), utilities.end(),
            [](const auto& a, const auto& b) { return a.second.in_loops > b.second.in_loops; });
  int before_total = 0, after_total = 0, guarded_total = 0;
  for (const auto& [utility, after] : after_sites_) {
    after_total += after.in_loops;
    guarded_total += after.guarded_in_loops;
  }
  for (const auto& [utility, before] : utilities) {
    SiteCount after = count_of(after_sites_, utility);
    before_total += before.in_loops;
    if (before.in_loops == 0) continue;
    int removed = before.in_loops - after.in_loops - after.guarded_in_loops;
    out += fmt::format("  {:<20}{:>7} ->{:>7}  {:>5}", utility, before.in_loops, after.in_loops,
                       percent(removed, before.in_loops));
    out += after.guarded_in_loops > 0 ? fmt::format("  {:>5} guarded\n", after.guarded_in_loops) : "\n";
  }
  out += fmt::format("  {:<20}{:>7} ->{:>7}  {:>5}", "total", before_total, after_total,
                     percent(before_total - after_total - guarded_total, before_total));
  out += guarded_total > 0 ? fmt::format("  {:>5} guarded\n", guarded_total) : "\n";
  for (const auto& [values, sites] : guarded_values_) {
    out += fmt::format("kept as a guarded fallback inside loops, {} site{}: runs only for {}\n", sites,
                       sites == 1 ? "" : "s", values);
  }
  return out;
}

}  // namespace forklift::cli
