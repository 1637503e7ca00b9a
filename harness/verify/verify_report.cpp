#include "harness/verify/verify_report.h"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "rewriter/unified_diff.h"

namespace forklift::harness {
namespace {


std::string fixes_summary(const std::map<std::string, int>& applied) {
  std::vector<std::string> parts;
  for (const auto& [code, count] : applied) parts.push_back(count > 1 ? fmt::format("{} x{}", code, count) : code);
  return parts.empty() ? "" : fmt::format(" (fixes: {})", fmt::join(parts, ", "));
}

// A unified diff of one difference; the exit status and other one-line
// values read better as `A → B`.
std::string render_difference(const std::string& path, const Difference& d) {
  if (d.what == "exit status" || d.what == "run") {
    return fmt::format("{}: {} (original) -> {} (rewritten)\n", d.what, d.before.value_or(""), d.after.value_or(""));
  }
  std::string old_label = d.before ? fmt::format("{} {} (original)", path, d.what) : "/dev/null";
  std::string new_label = d.after ? fmt::format("{} {} (rewritten)", path, d.what) : "/dev/null";
  return unified_diff(d.before.value_or(""), d.after.value_or(""), old_label, new_label);
}

std::string check_line(const std::string& path, const RewriteCheck& check) {
  std::string line = fmt::format("{} [{}]: {}", path, check.shell, harness::verdict_name(check.verdict));
  if (check.verdict == Verdict::Different) {
    std::vector<std::string> what;
    for (const Difference& d : check.differences) what.push_back(d.what);
    line += fmt::format(" in {}", fmt::join(what, ", "));
  }
  if (!check.note.empty()) line += fmt::format(" ({})", check.note);
  if (check.verdict == Verdict::Equivalent && check.runs > 1) line += fmt::format(" ({} runs)", check.runs);
  return line + "\n";
}

nlohmann::json difference_json(const std::string& path, const Difference& d) {
  auto text_or_null = [](const std::optional<std::string>& s) { return s ? nlohmann::json(*s) : nlohmann::json(); };
  return {{"what", d.what},
          {"original", text_or_null(d.before)},
          {"rewritten", text_or_null(d.after)},
          {"diff", render_difference(path, d)}};
}

nlohmann::json check_json(const std::string& path, const RewriteCheck& check) {
  nlohmann::json differences = nlohmann::json::array();
  for (const Difference& d : check.differences) differences.push_back(difference_json(path, d));
  return {{"shell", check.shell},
          {"verdict", harness::verdict_name(check.verdict)},
          {"runs", check.runs},
          {"note", check.note},
          {"differences", differences}};
}

std::string verdict_label(const FileVerification& file) {
  return file.error.empty() ? std::string(harness::verdict_name(file_verdict(file))) : "error";
}

}  // namespace

Verdict file_verdict(const FileVerification& file) {
  auto has = [&](Verdict v) {
    return std::any_of(file.checks.begin(), file.checks.end(), [v](const RewriteCheck& c) { return c.verdict == v; });
  };
  if (has(Verdict::Different)) return Verdict::Different;
  if (has(Verdict::CouldNotRun)) return Verdict::CouldNotRun;
  return Verdict::Equivalent;
}

std::string render_text(const std::vector<FileVerification>& files) {
  std::string out;
  std::map<std::string, int> counts;
  for (const FileVerification& file : files) {
    ++counts[verdict_label(file)];
    if (!file.error.empty()) continue;  // said on stderr
    if (!file.changed) {
      out += fmt::format("{}: equivalent (nothing to rewrite)\n", file.path);
      continue;
    }
    for (const RewriteCheck& check : file.checks) {
      out += check_line(file.path, check);
      for (const Difference& d : check.differences) out += render_difference(file.path, d);
    }
    if (!file.applied.empty()) out += fmt::format("{}: rewrite{}\n", file.path, fixes_summary(file.applied));
  }
  std::vector<std::string> parts;
  for (const auto& [label, count] : counts) parts.push_back(fmt::format("{} {}", count, label));
  out += fmt::format("{} file{} verified: {}\n", files.size(), files.size() == 1 ? "" : "s", fmt::join(parts, ", "));
  return out;
}

std::string render_json(const std::vector<FileVerification>& files) {
  nlohmann::json report = {{"files", nlohmann::json::array()}};
  std::map<std::string, int> counts = {{"equivalent", 0}, {"different", 0}, {"could not run", 0}, {"error", 0}};
  for (const FileVerification& file : files) {
    std::string verdict = verdict_label(file);
    ++counts[verdict];
    nlohmann::json checks = nlohmann::json::array();
    for (const RewriteCheck& check : file.checks) checks.push_back(check_json(file.path, check));
    report["files"].push_back({{"path", file.path},
                               {"fixed", file.rewritten.empty() ? nlohmann::json() : nlohmann::json(file.rewritten)},
                               {"verdict", verdict},
                               {"error", file.error},
                               {"changed", file.changed},
                               {"fixes", file.applied},
                               {"checks", checks}});
  }
  report["summary"] = counts;
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace forklift::harness
