#include "harness/verify/run_comparison.h"

#include <set>

namespace forklift::harness {

namespace {

std::string without_sandbox(std::string text, const std::string& sandbox) {
  if (sandbox.empty()) return text;
  for (size_t at = text.find(sandbox); at != std::string::npos;
       at = text.find(sandbox, at + kSandboxPlaceholder.size())) {
    text.replace(at, sandbox.size(), kSandboxPlaceholder);
  }
  return text;
}

// Whether `line` is one of the lines `time` prints by default
// ("real\t0m0.04s"): a duration, which no two runs share.
bool is_time_report(std::string_view line) {
  size_t tab = line.find('\t');
  if (tab == std::string_view::npos) return false;
  std::string_view label = line.substr(0, tab), value = line.substr(tab + 1);
  if (label != "real" && label != "user" && label != "sys") return false;
  size_t m = value.find('m');
  return m != std::string_view::npos && m > 0 && value.ends_with('s') &&
         value.find_first_not_of("0123456789") == m &&
         value.substr(m + 1, value.size() - m - 2).find_first_not_of("0123456789.") == std::string_view::npos;
}

std::string without_durations(const std::string& text) {
  std::string result;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    result += is_time_report(line) ? std::string(line.substr(0, line.find('\t'))) + "\t" + std::string(kDurationPlaceholder)
                                   : std::string(line);
    if (end < text.size()) result += '\n';
    start = end + 1;
  }
  return result;
}

}  // namespace

RunOutcome normalized_for_comparison(const RunOutcome& run) {
  RunOutcome copy;
  copy.exit_status = run.exit_status;
  copy.out = without_durations(without_sandbox(run.out, run.sandbox_dir));
  copy.err = without_durations(without_sandbox(run.err, run.sandbox_dir));
  for (const auto& [name, content] : run.files) copy.files[name] = without_sandbox(content, run.sandbox_dir);
  return copy;
}

std::vector<Difference> compare_runs(const RunOutcome& first, const RunOutcome& second) {
  RunOutcome before = normalized_for_comparison(first), after = normalized_for_comparison(second);
  std::vector<Difference> differences;
  if (before.out != after.out) differences.push_back({"stdout", before.out, after.out});
  if (before.err != after.err) differences.push_back({"stderr", before.err, after.err});
  if (before.exit_status != after.exit_status) {
    differences.push_back({"exit status", std::to_string(before.exit_status), std::to_string(after.exit_status)});
  }
  std::set<std::string> names;
  for (const auto& [name, content] : before.files) names.insert(name);
  for (const auto& [name, content] : after.files) names.insert(name);
  for (const std::string& name : names) {
    auto old_file = before.files.find(name), new_file = after.files.find(name);
    bool in_before = old_file != before.files.end(), in_after = new_file != after.files.end();
    if (in_before && in_after && old_file->second == new_file->second) continue;
    auto content = [](bool present, auto it) { return present ? std::optional(it->second) : std::nullopt; };
    differences.push_back({"file " + name, content(in_before, old_file), content(in_after, new_file)});
  }
  return differences;
}

}  // namespace forklift::harness
