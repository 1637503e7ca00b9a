// `forklift rule CODE` / `forklift rule --all`: the rule reference, as text or
// JSON. `--write-docs DIR` (hidden) writes docs/rules/ for the build target.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/rule_reference.h"
#include "cli/subcommands.h"
#include "rewriter/atomic_write.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;

struct RuleCommand {
  std::string code, output_format = "text", docs_dir;
  bool all = false;
};

void print(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

int fail(std::string_view message) {
  std::fprintf(stderr, "forklift: %.*s\n", static_cast<int>(message.size()), message.data());
  return kExitUsage;
}

// One page per rule and the index; pages of rules that no longer exist go.
int write_docs(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) return fail(fmt::format("{}: {}", dir.string(), error.message()));
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with("FL") && name.ends_with(".md") && !find_rule(name.substr(0, name.size() - 3))) {
      fs::remove(entry.path(), error);
    }
  }
  for (const Rule* rule : all_rules()) {
    fs::path page = dir / fmt::format("{}.md", rule->info().code);
    if (auto error = write_new_file_atomically(page.string(), rule_markdown(rule->info()))) return fail(*error);
  }
  if (auto error = write_new_file_atomically((dir / "README.md").string(), rules_index_markdown())) return fail(*error);
  return kExitOk;
}

int run_rule(const RuleCommand& command) {
  if (!command.docs_dir.empty()) return write_docs(command.docs_dir);
  bool json = command.output_format == "json";
  if (command.all) {
    if (!json) {
      print(rules_table());
      return kExitOk;
    }
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Rule* rule : all_rules()) list.push_back(rule_json(rule->info()));
    print(list.dump(2) + "\n");
    return kExitOk;
  }
  if (command.code.empty()) return fail("name a rule (forklift rule FL101) or pass --all");
  const Rule* rule = find_rule(command.code);
  if (rule == nullptr) return fail(fmt::format("unknown rule `{}` (forklift rule --all lists them)", command.code));
  print(json ? rule_json(rule->info()).dump(2) + "\n" : rule_markdown(rule->info()));
  return kExitOk;
}

const RegisterSubcommand kRegisterRule([](CLI::App& app, int& status) {
  auto command = std::make_shared<RuleCommand>();
  CLI::App* rule = app.add_subcommand("rule", "Show a rule's documentation, or list every rule with --all");
  rule->add_option("code", command->code, "The rule's code, e.g. FL101");
  rule->add_flag("--all", command->all, "List every rule: code, name, fix safety, ShellCheck code, summary");
  rule->add_option("--output-format", command->output_format, "text or json")->check(CLI::IsMember({"text", "json"}));
  rule->add_option("--write-docs", command->docs_dir, "Write one Markdown page per rule and an index into DIR")
      ->group("");
  rule->callback([command, &status] { status = run_rule(*command); });
});

}  // namespace
}  // namespace forklift::cli
