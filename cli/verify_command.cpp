// `forklift verify SCRIPT…`: runs each script and its rewrite on the same
// inputs and reports whether they behaved the same. The fix comes from the
// same machinery as `forklift fix` (or from --fixed); the runs go through
// harness/script_runner under the bundled interpreter and any --shell given.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/prepared_rewrite.h"
#include "cli/rule_flags.h"
#include "cli/script_run_flags.h"
#include "cli/subcommands.h"
#include "harness/verify/rewrite_check.h"
#include "harness/verify/verify_report.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;
using harness::FileVerification;

// Some check could not run (timeout, unsupported construct, missing shell),
// and none showed a difference.
inline constexpr int kExitCouldNotRun = 3;

struct VerifyFlags {
  std::vector<std::string> scripts;
  std::optional<std::string> fixed;
  RuleFlags rules;
  ScriptRunFlags run;
  std::vector<std::string> shells;
  int runs = 1;
  std::string format = "text";
};

void print_error(const std::string& message) { std::fprintf(stderr, "forklift: %s\n", message.c_str()); }

// The bundled interpreter runs ksh93: an agreement there says less about a
// bash script than one under bash, so the user is told when bash was not asked for.
void note_bash_under_ksh(std::vector<harness::RewriteCheck>& checks) {
  auto is_bash = [](const harness::RewriteCheck& c) { return fs::path(c.shell).filename() == "bash"; };
  if (std::any_of(checks.begin(), checks.end(), is_bash)) return;
  for (harness::RewriteCheck& check : checks) {
    if (check.shell == "forklift" && check.verdict == harness::Verdict::Equivalent && check.note.empty()) {
      check.note = "ran as ksh93; this is a bash script: add --shell bash to run it under bash";
    }
  }
}

FileVerification verify_file(const std::string& path, const VerifyFlags& flags, const harness::ScriptRun& settings,
                             const std::vector<std::string>& shells, SettingsResolver& resolver,
                             RewriteDirectory& directory) {
  FileVerification file{path, flags.fixed.value_or("")};
  PreparedRewrite prepared = prepare_rewrite(path, flags.fixed, resolver, directory);
  file.error = prepared.error;
  file.changed = prepared.changed;
  file.applied = prepared.applied;
  if (!file.error.empty() || !file.changed) return file;
  for (const std::string& shell : shells) {
    harness::ScriptRun run = settings;
    run.shell = shell;
    file.checks.push_back(harness::check_rewrite(path, prepared.rewritten, run, flags.runs));
  }
  // Bash is also the default guess: only a script that says it is bash gets the note.
  if (prepared.dialect.dialect == Dialect::Bash && prepared.dialect.source != DialectSource::Default) {
    note_bash_under_ksh(file.checks);
  }
  return file;
}

// The first check whose sandbox could not be made: an error of the
// machine, not a verdict on any script.
const harness::RewriteCheck* sandbox_failure(const std::vector<FileVerification>& files) {
  for (const FileVerification& file : files) {
    for (const harness::RewriteCheck& check : file.checks) {
      if (check.sandbox_failed) return &check;
    }
  }
  return nullptr;
}

int exit_status(const std::vector<FileVerification>& files) {
  bool different = false, could_not_run = false, error = sandbox_failure(files) != nullptr;
  for (const FileVerification& file : files) {
    error |= !file.error.empty();
    different |= file.error.empty() && harness::file_verdict(file) == harness::Verdict::Different;
    could_not_run |= file.error.empty() && harness::file_verdict(file) == harness::Verdict::CouldNotRun;
  }
  if (error) return kExitUsage;
  if (different) return kExitFindings;
  return could_not_run ? kExitCouldNotRun : kExitOk;
}

int run_verify(const VerifyFlags& flags) {
  if (flags.fixed && flags.scripts.size() != 1) {
    print_error("--fixed compares one script with its rewrite: give exactly one SCRIPT");
    return kExitUsage;
  }
  auto shells = resolve_shells({"forklift"}, flags.shells);
  auto settings = script_run_settings(flags.run);
  if (!shells || !settings) return kExitUsage;
  std::optional<SettingsOverrides> lint = flags.rules.settings_overrides();
  if (!lint) return kExitUsage;
  SettingsResolver resolver(*lint);
  RewriteDirectory directory;
  std::vector<FileVerification> files;
  for (const std::string& script : flags.scripts) {
    files.push_back(verify_file(script, flags, *settings, *shells, resolver, directory));
    if (!files.back().error.empty()) print_error(files.back().error);
  }
  std::string report = flags.format == "json" ? harness::render_json(files) : harness::render_text(files);
  std::fputs(report.c_str(), stdout);
  if (const harness::RewriteCheck* failed = sandbox_failure(files)) print_error(failed->note);
  return exit_status(files);
}

constexpr const char* kDescription =
    "Check that rewriting scripts keeps their behaviour: run each SCRIPT and its rewrite (what `forklift fix` "
    "would write, or --fixed FILE) on the same arguments, stdin, environment and input files, each in a fresh "
    "temporary directory and under the original's name, and compare stdout, stderr, exit status and the files "
    "left in the directory. The bundled interpreter always runs; --shell adds real shells.\n\n"
    "Environment of every run: PATH, LC_ALL=C.UTF-8, TZ=UTC, HOME=the run's directory, RANDOM seeded the same "
    "way each time, TIMEFORMAT empty, then --env. Stdin is /dev/null unless --stdin is given. An argument that "
    "starts with - is given as --arg=-n. What no two runs can share is masked before comparing: the name of the "
    "run's directory (shown as $FORKLIFT_SANDBOX) and the durations `time` prints.\n\n"
    "A script with nothing to rewrite is reported as `equivalent (nothing to rewrite)` without being run, "
    "like `ruff check --diff` printing no diff: there is no second script to compare.\n\n"
    "Exit status: 0 every script was equivalent; 1 some rewrite behaved differently (or its output changed "
    "from run to run); 3 some check could not run (timeout, missing shell, unsupported construct) and none "
    "differed; 2 usage or input error (missing file, syntax error, bad flag) or a sandbox that could not be set up.";

const RegisterSubcommand registration([](CLI::App& app, int& status) {
  auto flags = std::make_shared<VerifyFlags>();
  CLI::App* verify = app.add_subcommand("verify", "Check that the rewrite of scripts behaves like the original");
  verify->footer(kDescription);
  verify->add_option("scripts", flags->scripts, "Scripts to verify")->required();
  verify->add_option("--fixed", flags->fixed, "Compare with this file instead of computing the fix (one SCRIPT only)");
  flags->rules.add_to(*verify, {"Include unsafe fixes in the computed rewrite",
                                "Only safe fixes in the computed rewrite, whatever the config says", false});
  flags->run.add_to(*verify);
  verify->add_option("--runs", flags->runs, "Run each script N times; output that changes between runs is a difference")
      ->check(CLI::Range(1, 1000));
  verify->add_option("--shell", flags->shells, "Also run on these shells (forklift, ksh93, bash, dash, ...)")
      ->delimiter(',')
      ->allow_extra_args(false);
  verify->add_option("--format", flags->format, "Output format: text or json")->check(CLI::IsMember({"text", "json"}));
  verify->callback([flags, &status] { status = run_verify(*flags); });
});

}  // namespace
}  // namespace forklift::cli
