// The rule reference: one text per rule, shared by `forklift rule`,
// `forklift lint --explain`, docs/rules/ and the man pages, so they say the same.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rules/rule.h"

namespace forklift::cli {

// The rule's page in Markdown: title, summary, facts, then the rule's docs.
std::string rule_markdown(const RuleInfo& info);

// code, name, summary, severity, fix, shellcheck (or null), url, docs.
nlohmann::ordered_json rule_json(const RuleInfo& info);

// One line per rule: code, name, fix, ShellCheck code, summary.
std::string rules_table();

// docs/rules/README.md: the index linking every page.
std::string rules_index_markdown();

}  // namespace forklift::cli
