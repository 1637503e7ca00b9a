#include "cli/rule_reference.h"

#include <algorithm>

#include <fmt/format.h>

#include "lsp/rule_docs_location.h"

namespace forklift::cli {

std::string rule_markdown(const RuleInfo& info) {
  std::string text = fmt::format("# {} ({})\n\n{}\n\n", info.name, info.code, info.summary);
  text += fmt::format("- Default severity: {}\n- Fix: {}\n", severity_name(info.default_severity),
                      fix_availability_name(info.fix));
  if (info.shellcheck_code) text += fmt::format("- ShellCheck equivalent: {}\n", *info.shellcheck_code);
  text += fmt::format("\n{}", info.docs);
  if (!text.ends_with('\n')) text += '\n';
  return text;
}

nlohmann::ordered_json rule_json(const RuleInfo& info) {
  nlohmann::ordered_json shellcheck = nullptr;
  if (info.shellcheck_code) shellcheck = *info.shellcheck_code;
  nlohmann::ordered_json url = nullptr;
  if (std::string page = lsp::default_docs_url(info.code); !page.empty()) url = page;
  return {{"code", info.code},
          {"name", info.name},
          {"summary", info.summary},
          {"severity", severity_name(info.default_severity)},
          {"fix", fix_availability_name(info.fix)},
          {"shellcheck", shellcheck},
          {"url", url},
          {"docs", info.docs}};
}

std::string rules_table() {
  size_t name_width = 4;
  for (const Rule* rule : all_rules()) name_width = std::max(name_width, rule->info().name.size());
  std::string out = fmt::format("{:<6} {:<{}} {:<14} {:<10} {}\n", "CODE", "NAME", name_width, "FIX", "SHELLCHECK",
                                "SUMMARY");
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    out += fmt::format("{:<6} {:<{}} {:<14} {:<10} {}\n", info.code, info.name, name_width,
                       fix_availability_name(info.fix), info.shellcheck_code.value_or("-"), info.summary);
  }
  return out;
}

std::string rules_index_markdown() {
  std::string out =
      "# Rules\n\n"
      "Generated from the rule sources by `cmake --build build/default --target rule-docs`;\n"
      "`forklift rule CODE` prints the same page.\n\n"
      "| Code | Name | Summary | Fix | ShellCheck |\n"
      "|---|---|---|---|---|\n";
  for (const Rule* rule : all_rules()) {
    const RuleInfo& info = rule->info();
    std::string summary(info.summary);
    size_t bar = 0;
    while ((bar = summary.find('|', bar)) != std::string::npos) {
      summary.replace(bar, 1, "\\|");
      bar += 2;
    }
    out += fmt::format("| [{0}]({0}.md) | {1} | {2} | {3} | {4} |\n", info.code, info.name, summary,
                       fix_availability_name(info.fix), info.shellcheck_code.value_or(""));
  }
  return out;
}

}  // namespace forklift::cli
