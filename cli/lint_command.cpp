// `forklift lint [PATH...]`: find the needless forks, report them in the chosen
// format, exit 0 (clean), 1 (findings) or 2 (usage or I/O error).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/file_discovery.h"
#include "cli/lint_runner.h"
#include "config/settings_resolver.h"
#include "cli/progress_bar.h"
#include "cli/reporters/reporter.h"
#include "cli/rule_reference.h"
#include "cli/rule_flags.h"
#include "cli/subcommands.h"
#include "rules/rule.h"

namespace forklift::cli {
namespace {

struct LintCommand {
  std::vector<std::string> paths;
  RuleFlags rules;
  std::string severity = "hint", output_format = "full", explain, stdin_filename;
  bool statistics = false;
};

std::optional<Severity> severity_from_name(std::string_view name) {
  for (Severity severity : {Severity::Error, Severity::Warning, Severity::Info, Severity::Hint}) {
    if (severity_name(severity) == name) return severity;
  }
  return std::nullopt;
}

void print_error(std::string_view message) { std::fprintf(stderr, "forklift: %.*s\n", static_cast<int>(message.size()), message.data()); }

int explain(std::string_view code) {
  const Rule* rule = find_rule(code);
  if (rule == nullptr) {
    print_error(fmt::format("unknown rule `{}`", code));
    return kExitUsage;
  }
  std::string text = rule_markdown(rule->info());
  std::fwrite(text.data(), 1, text.size(), stdout);
  return kExitOk;
}

std::string read_stdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

// The jobs for every path; problems (missing paths, bad configs) go to stderr
// and make `failed` true, the rest is still linted.
std::vector<LintJob> plan_jobs(const LintCommand& command, SettingsResolver& resolver, bool& failed) {
  std::vector<LintJob> jobs;
  auto add = [&](std::string path, std::optional<std::string> stdin_text, const std::string& settings_path) {
    std::string error;
    std::optional<FileSettings> settings = resolver.settings_for(settings_path, error);
    if (!error.empty()) print_error(error);
    if (!settings) {
      failed = true;
      return;
    }
    jobs.push_back({std::move(path), std::move(stdin_text), std::move(*settings)});
  };
  std::vector<std::string> paths = command.paths.empty() ? std::vector<std::string>{"."} : command.paths;
  for (const std::string& path : paths) {
    if (path == "-") {
      std::string name = command.stdin_filename.empty() ? "-" : command.stdin_filename;
      add(name, read_stdin(), command.stdin_filename.empty() ? "./-" : command.stdin_filename);
      continue;
    }
    Discovery discovery = discover_files({path});
    for (const std::string& error : discovery.errors) print_error(error);
    failed = failed || !discovery.errors.empty();
    for (std::string& file : discovery.files) add(file, std::nullopt, file);
  }
  return jobs;
}

// Syntax errors become findings; --severity filters the rest.
std::vector<Diagnostic> findings_of(const LintOutcome& outcome, Severity minimum) {
  std::vector<Diagnostic> findings;
  for (const ParseError& error : outcome.result.parse_errors) {
    uint32_t end = std::min(error.offset + 1, outcome.source->size());
    findings.push_back({std::string(kSyntaxErrorCode), Severity::Error, error.offset, std::max(end, error.offset),
                        error.message, std::nullopt, std::nullopt});
  }
  for (const Diagnostic& diagnostic : outcome.result.diagnostics) {
    if (diagnostic.severity > minimum) continue;
    findings.push_back(diagnostic);
  }
  std::stable_sort(findings.begin(), findings.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.begin < b.begin; });
  return findings;
}

std::string statistics_text(const Report& report) {
  std::map<std::string, size_t> counts;
  for (const FileFindings& file : report.files) {
    for (const Diagnostic& diagnostic : file.diagnostics) ++counts[diagnostic.code];
  }
  std::vector<std::pair<std::string, size_t>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (const auto& [code, count] : rows) {
    const Rule* rule = find_rule(code);
    out += fmt::format("{:>6}  {:<14} {}\n", count, code, rule ? rule->info().name : std::string_view("syntax error"));
  }
  return out;
}

bool color_wanted() {
  const char* no_color = std::getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0');
}

int run_lint(const LintCommand& command) {
  if (!command.explain.empty()) return explain(command.explain);
  std::optional<Reporter> reporter = find_reporter(command.output_format);
  std::optional<Severity> minimum = severity_from_name(command.severity);
  std::optional<SettingsOverrides> flags = command.rules.settings_overrides();
  if (!reporter || !minimum || !flags) return kExitUsage;  // CLI11's checks reject bad names earlier

  bool failed = false;
  SettingsResolver resolver(*flags);
  std::vector<LintJob> jobs = plan_jobs(command, resolver, failed);
  std::vector<LintOutcome> outcomes = lint_all(jobs, ProgressBar::wanted(jobs.size()));

  Report report;
  report.color = color_wanted();
  report.unsafe_fixes = std::any_of(jobs.begin(), jobs.end(), [](const LintJob& j) { return j.settings.unsafe_fixes; });
  bool found = false;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    if (!outcomes[i].source) {
      print_error(outcomes[i].error);
      failed = true;
      continue;
    }
    report.files.push_back({&*outcomes[i].source, findings_of(outcomes[i], *minimum)});
    found = found || !report.files.back().diagnostics.empty();
  }
  std::string out;
  if (command.statistics) {
    out = statistics_text(report);
  } else {
    (*reporter)(report, out);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return failed ? kExitUsage : found ? kExitFindings : kExitOk;
}

std::string choices(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view name : names) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

const RegisterSubcommand kRegisterLint([](CLI::App& app, int& status) {
  auto command = std::make_shared<LintCommand>();
  CLI::App* lint = app.add_subcommand("lint", "Report needless forks and other findings in shell scripts");
  lint->add_option("paths", command->paths, "Files or directories to lint (default: .); - reads stdin");
  command->rules.add_to(*lint, {"Count unsafe fixes as fixable", "Count only safe fixes as fixable"});
  lint->add_option("--severity", command->severity, "Report findings at least this severe: error, warning, info, hint")
      ->check(CLI::IsMember({"error", "warning", "info", "hint"}));
  lint->add_option("--output-format", command->output_format, "One of: " + choices(reporter_names()))
      ->check([](const std::string& name) {
        return find_reporter(name) ? std::string() : "unknown output format `" + name + "` (one of: " + choices(reporter_names()) + ")";
      });
  lint->add_flag("--statistics", command->statistics, "Print the number of findings per rule instead");
  lint->add_option("--explain", command->explain, "Print the documentation of a rule and exit");
  lint->add_option("--stdin-filename", command->stdin_filename, "Name to report for - (and to find its config by)");
  lint->callback([command, &status] { status = run_lint(*command); });
});

}  // namespace
}  // namespace forklift::cli
