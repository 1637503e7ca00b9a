// `forklift fix [PATH...]`: applies the rules' fixes in place (or prints them
// as a diff), through the fix loop and the atomic writer of rewriter/.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "analyzer/source_file.h"
#include "cli/app.h"
#include "cli/file_discovery.h"
#include "cli/fix_source.h"
#include "cli/lint_settings.h"
#include "cli/rule_flags.h"
#include "cli/subcommands.h"
#include "rewriter/atomic_write.h"
#include "rewriter/fix_loop.h"
#include "rewriter/fix_summary.h"
#include "rewriter/unified_diff.h"
#include "rewriter/write_target.h"
#include "rules/linter.h"
#include "rules/rule.h"

namespace forklift::cli {
namespace {

struct FixFlags {
  std::vector<std::string> paths;
  std::optional<std::string> stdin_filename;
  RuleFlags rules;
  bool diff = false;
  bool force = false;
};

// What happened to one file, for the exit status.
enum class FileOutcome { Unchanged, Changed, Failed };

class FixRun {
 public:
  FixRun(const FixFlags& flags, SettingsResolver& settings) : flags_(flags), settings_(settings) {}

  int run_paths();
  int run_stdin();

 private:
  std::optional<FileSettings> settings_for(const std::string& path);
  std::optional<FixLoopResult> fix_source(const SourceFile& source, const FileSettings& settings);
  FileOutcome fix_file(const std::string& path);
  bool write(const std::string& path, const std::string& old_text, const std::string& new_text);
  void fail(const std::string& message);
  int finish();

  const FixFlags& flags_;
  SettingsResolver& settings_;
  FixSummary summary_;
  bool any_change_ = false;
};

std::optional<FileSettings> FixRun::settings_for(const std::string& path) {
  std::string error;
  auto settings = settings_.settings_for(path, error);
  if (!settings && !error.empty()) fail(error);
  if (!settings) summary_.add_failed_file();
  return settings;
}

// Runs the fix loop; nullopt (after saying why) when a round broke the parse.
std::optional<FixLoopResult> FixRun::fix_source(const SourceFile& source, const FileSettings& settings) {
  FixLoopResult result = fix_source_text(source, settings);
  if (result.failure) {
    fail(fmt::format("{}: internal error: the fixes of {} in round {} broke the script ({}); file left unchanged",
                     source.path(), fmt::join(result.failure->codes, ", "), result.failure->round,
                     result.failure->detail));
    summary_.add_failed_file();
    return std::nullopt;
  }
  summary_.add(result);
  return result;
}

FileOutcome FixRun::fix_file(const std::string& path) {
  LoadResult loaded = load_source(path);
  if (!loaded.file) {
    fail(loaded.error);
    summary_.add_failed_file();
    return FileOutcome::Failed;
  }
  auto settings = settings_for(path);
  if (!settings) return FileOutcome::Failed;
  auto result = fix_source(*loaded.file, *settings);
  if (!result) return FileOutcome::Failed;
  if (!result->changed()) return FileOutcome::Unchanged;
  if (flags_.diff) {
    std::fputs(unified_diff(loaded.file->text(), result->text, path, path).c_str(), stdout);
    return FileOutcome::Changed;
  }
  if (!write(path, loaded.file->text(), result->text)) {
    summary_.add_failed_file();
    return FileOutcome::Failed;
  }
  return FileOutcome::Changed;
}

bool FixRun::write(const std::string& path, const std::string& old_text, const std::string& new_text) {
  auto target = resolve_write_target(path, flags_.paths, flags_.force);
  if (auto* refusal = std::get_if<WriteRefusal>(&target)) {
    fail(refusal->reason);
    return false;
  }
  if (auto error = replace_file_atomically(std::get<WriteTarget>(target).path, old_text, new_text)) {
    fail(*error);
    return false;
  }
  return true;
}

void FixRun::fail(const std::string& message) { std::fprintf(stderr, "forklift: %s\n", message.c_str()); }

int FixRun::run_paths() {
  // One discovery per path, so a directory without scripts can be named.
  for (const std::string& root : flags_.paths) {
    Discovery found = discover_files({root});
    for (const std::string& error : found.errors) {
      fail(error);
      summary_.add_failed_file();
    }
    if (found.files.empty() && found.errors.empty()) {
      fail(fmt::format("{}: no shell scripts found", root));
      summary_.add_failed_file();
    }
    for (const std::string& file : found.files) {
      if (fix_file(file) == FileOutcome::Changed) any_change_ = true;
    }
  }
  return finish();
}

int FixRun::run_stdin() {
  std::string path = flags_.stdin_filename.value_or("-");
  std::string text(std::istreambuf_iterator<char>(std::cin), {});
  LoadResult loaded = make_source(path, text);
  // Settings are looked up as for a file of that name, or in the working directory.
  auto settings = loaded.file ? settings_for(flags_.stdin_filename.value_or("./-")) : std::nullopt;
  auto result = settings ? fix_source(*loaded.file, *settings) : std::nullopt;
  if (!loaded.file) {
    fail(loaded.error);
    summary_.add_failed_file();
  }
  std::string fixed = result ? result->text : text;
  any_change_ = fixed != text;
  // Editors pipe a buffer through us: without --diff they always get a whole
  // text back, the input itself when it could not be fixed.
  std::fputs((flags_.diff ? unified_diff(text, fixed, path, path) : fixed).c_str(), stdout);
  return finish();
}

int FixRun::finish() {
  auto rule_name = [](std::string_view code) {
    const Rule* rule = find_rule(code);
    return rule ? std::string(rule->info().name) : std::string();
  };
  std::fputs(summary_.render(rule_name, flags_.diff).c_str(), stderr);
  if (summary_.failed_files() > 0) return kExitUsage;
  return flags_.diff && any_change_ ? kExitFindings : kExitOk;
}

int run_fix(FixFlags& flags) {
  std::optional<LintFlags> lint = flags.rules.lint_flags();
  if (!lint) return kExitUsage;
  bool from_stdin = flags.paths.size() == 1 && flags.paths[0] == "-";
  if (!from_stdin && std::find(flags.paths.begin(), flags.paths.end(), "-") != flags.paths.end()) {
    std::fprintf(stderr, "forklift: '-' (stdin) cannot be mixed with other paths\n");
    return kExitUsage;
  }
  if (flags.paths.empty()) flags.paths.push_back(".");
  SettingsResolver settings(*lint);
  FixRun run(flags, settings);
  return from_stdin ? run.run_stdin() : run.run_paths();
}

const RegisterSubcommand registration([](CLI::App& app, int& status) {
  auto flags = std::make_shared<FixFlags>();
  CLI::App* fix = app.add_subcommand("fix", "Apply the rules' fixes in place (or show them with --diff)");
  fix->add_option("paths", flags->paths, "Files and directories to fix, or - for stdin (default: .)");
  flags->rules.add_to(*fix, {"Also apply unsafe fixes", "Apply only safe fixes, whatever the config says"});
  fix->add_flag("--diff", flags->diff, "Print a unified diff of the fixes and write nothing; exit 1 if there are any");
  fix->add_flag("--force", flags->force, "Rewrite files that have several hard links");
  fix->add_option("--stdin-filename", flags->stdin_filename, "The name of the script read from stdin");
  fix->callback([flags, &status] { status = run_fix(*flags); });
});

}  // namespace
}  // namespace forklift::cli
