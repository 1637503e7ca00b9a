// `forklift fix [PATH...]`: applies the rules' fixes in place (or prints them
// as a diff), through the fix loop and the atomic writer of rewriter/.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "analyzer/source_file.h"
#include "cli/app.h"
#include "cli/file_discovery.h"
#include "cli/fix_source.h"
#include "cli/fix_statistics.h"
#include "config/settings_resolver.h"
#include "cli/parallel_for.h"
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
  bool statistics = false;
};

// What happened to one file, for the exit status.
enum class FileOutcome { Unchanged, Changed, Failed };

// One file, read and run through the fix loop on a worker thread; what is
// written or printed happens afterwards, in the order of the files.
struct FixedFile {
  std::optional<FileSettings> settings;  // empty when its configuration is bad
  std::string settings_error;            // said once per bad configuration file
  LoadResult loaded;
  std::optional<FixLoopResult> result;   // empty when unread, unconfigured or when fixing threw
  std::string error;                     // why fixing threw
  std::optional<std::pair<ForkCensus, ForkCensus>> censuses;  // before and after, with --statistics
};

std::pair<ForkCensus, ForkCensus> fork_censuses(const SourceFile& source, const FileSettings& settings,
                                                const FixLoopResult& result) {
  ForkCensus before = take_fork_census(source, settings.options);
  ForkCensus after =
      result.changed() ? take_fork_census(SourceFile(source.path(), result.text), settings.options) : before;
  return {std::move(before), std::move(after)};
}

void fix_in_worker(const std::string& path, bool statistics, FixedFile& fixed) {
  fixed.loaded = load_source(path);
  if (!fixed.loaded.file || !fixed.settings) return;
  try {
    fixed.result = fix_source_text(*fixed.loaded.file, *fixed.settings);
    if (statistics) fixed.censuses = fork_censuses(*fixed.loaded.file, *fixed.settings, *fixed.result);
  } catch (const std::exception& e) {
    // A bug in a rule must not take the other files down with it.
    fixed.error = path + ": internal error while fixing: " + e.what();
  }
}

class FixRun {
 public:
  FixRun(const FixFlags& flags, SettingsResolver& settings) : flags_(flags), settings_(settings) {}

  int run_paths();
  int run_stdin();

 private:
  std::optional<FileSettings> settings_for(const std::string& path);
  bool accept(const SourceFile& source, const FixLoopResult& result);
  void fix_files(const std::vector<std::string>& paths);
  FileOutcome finish_file(const std::string& path, FixedFile& fixed);
  bool write(const std::string& path, const std::string& old_text, const std::string& new_text);
  void fail(const std::string& message);
  int finish();

  const FixFlags& flags_;
  SettingsResolver& settings_;
  FixSummary summary_;
  FixStatistics statistics_;
  bool any_change_ = false;
};

std::optional<FileSettings> FixRun::settings_for(const std::string& path) {
  std::string error;
  auto settings = settings_.settings_for(path, error);
  if (!settings && !error.empty()) fail(error);
  if (!settings) summary_.add_failed_file();
  return settings;
}

// Counts the result in the summary; false (after saying why) when a round
// broke the parse.
bool FixRun::accept(const SourceFile& source, const FixLoopResult& result) {
  if (result.failure) {
    fail(fmt::format("{}: internal error: the fixes of {} in round {} broke the script ({}); file left unchanged",
                     source.path(), fmt::join(result.failure->codes, ", "), result.failure->round,
                     result.failure->detail));
    summary_.add_failed_file();
    return false;
  }
  summary_.add(result);
  return true;
}

// Settings are resolved here (the resolver is single-threaded), the files
// fixed on every core, and the results taken in order.
void FixRun::fix_files(const std::vector<std::string>& paths) {
  std::vector<FixedFile> fixed(paths.size());
  for (size_t i = 0; i < paths.size(); ++i) fixed[i].settings = settings_.settings_for(paths[i], fixed[i].settings_error);
  parallel_for(paths.size(), [&](size_t i) { fix_in_worker(paths[i], flags_.statistics, fixed[i]); });
  for (size_t i = 0; i < paths.size(); ++i) {
    if (finish_file(paths[i], fixed[i]) == FileOutcome::Changed) any_change_ = true;
  }
}

FileOutcome FixRun::finish_file(const std::string& path, FixedFile& fixed) {
  if (!fixed.settings_error.empty()) fail(fixed.settings_error);
  if (!fixed.loaded.file) {
    fail(fixed.loaded.error);
    summary_.add_failed_file();
    return FileOutcome::Failed;
  }
  if (!fixed.error.empty()) fail(fixed.error);
  if (!fixed.result) {
    summary_.add_failed_file();
    return FileOutcome::Failed;
  }
  if (!accept(*fixed.loaded.file, *fixed.result)) return FileOutcome::Failed;
  if (fixed.censuses) statistics_.add(fixed.censuses->first, fixed.censuses->second);
  const FixLoopResult& result = *fixed.result;
  if (!result.changed()) return FileOutcome::Unchanged;
  if (flags_.diff) {
    std::fputs(unified_diff(fixed.loaded.file->text(), result.text, path, path).c_str(), stdout);
    return FileOutcome::Changed;
  }
  if (!write(path, fixed.loaded.file->text(), result.text)) {
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
    fix_files(found.files);
  }
  return finish();
}

int FixRun::run_stdin() {
  std::string path = flags_.stdin_filename.value_or("-");
  std::string text(std::istreambuf_iterator<char>(std::cin), {});
  LoadResult loaded = make_source(path, text);
  // Settings are looked up as for a file of that name, or in the working directory.
  auto settings = loaded.file ? settings_for(flags_.stdin_filename.value_or("./-")) : std::nullopt;
  std::optional<FixLoopResult> result;
  if (settings) result = fix_source_text(*loaded.file, *settings);
  if (result && !accept(*loaded.file, *result)) result.reset();
  if (result && flags_.statistics) {
    auto [before, after] = fork_censuses(*loaded.file, *settings, *result);
    statistics_.add(before, after);
  }
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
  if (flags_.statistics) std::fputs(statistics_.render(rule_name).c_str(), stderr);
  if (summary_.failed_files() > 0) return kExitUsage;
  return flags_.diff && any_change_ ? kExitFindings : kExitOk;
}

int run_fix(FixFlags& flags) {
  std::optional<SettingsOverrides> lint = flags.rules.settings_overrides();
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
  fix->add_flag("--statistics", flags->statistics,
                "Also print, per rule, the forks removed and left (with why) and the fork sites inside loops per utility");
  fix->add_option("--stdin-filename", flags->stdin_filename, "The name of the script read from stdin");
  fix->callback([flags, &status] { status = run_fix(*flags); });
});

}  // namespace
}  // namespace forklift::cli
