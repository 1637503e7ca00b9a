#include "cli/script_run_flags.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "analyzer/regular_file.h"
#include "interp/exec/process_launcher.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;

void print_error(const std::string& message) { std::fprintf(stderr, "forklift: %s\n", message.c_str()); }

bool add_environment(const std::vector<std::string>& assignments, harness::ScriptRun& run) {
  for (const std::string& assignment : assignments) {
    size_t equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      print_error(fmt::format("--env: expected NAME=VALUE, got '{}'", assignment));
      return false;
    }
    run.env.emplace_back(assignment.substr(0, equals), assignment.substr(equals + 1));
  }
  return true;
}

bool add_inputs(const std::vector<std::string>& inputs, harness::ScriptRun& run) {
  for (const std::string& input : inputs) {
    if (!fs::exists(input)) {
      print_error(fmt::format("--input {}: no such file or directory", input));
      return false;
    }
    run.inputs.emplace_back(input);
  }
  return true;
}

bool read_stdin_file(const std::string& path, harness::ScriptRun& run) {
  RegularFileRead read = read_regular_file(path, harness::kMaxOutputBytes);
  if (!read.text) {
    print_error(fmt::format("--stdin {}: cannot read it: {}", path, read.reason));
    return false;
  }
  run.stdin_data = std::move(*read.text);
  return true;
}

}  // namespace

void ScriptRunFlags::add_to(CLI::App& command) {
  command.add_option("--arg", args, "An argument for the scripts (repeat for several; --arg=-n for one with a -)")
      ->allow_extra_args(false);
  command.add_option("--env", env, "NAME=VALUE added to the environment (repeatable)")->allow_extra_args(false);
  command.add_option("--stdin", stdin_file, "Feed this file on stdin (default: /dev/null)");
  command.add_option("--input", inputs, "A file copied into each run's directory (repeatable)")->allow_extra_args(false);
  command.add_option("--timeout", timeout_seconds, "Stop a run after SECONDS (default: 60)")
      ->check(CLI::Range(0.001, 86400.0));
  CLI::Option* chosen = command.add_option("--sandbox", sandbox,
                                           "What confines the scripts: auto (default), namespaces, bubblewrap or none");
  command
      .add_flag("--no-sandbox", no_sandbox,
                "Run the scripts with your full rights (files, network, processes): only for trusted scripts")
      ->excludes(chosen);
}

std::optional<harness::ScriptRun> script_run_settings(const ScriptRunFlags& flags) {
  harness::ScriptRun run;
  run.args = flags.args;
  run.timeout = std::chrono::milliseconds(static_cast<int64_t>(flags.timeout_seconds * 1000));
  if (!add_environment(flags.env, run) || !add_inputs(flags.inputs, run)) return std::nullopt;
  if (flags.stdin_file && !read_stdin_file(*flags.stdin_file, run)) return std::nullopt;
  std::string requested = flags.no_sandbox ? "none" : flags.sandbox;
  // Probing runs bwrap and makes namespaces: not for a run that wants neither.
  if (requested != "none") run.sandbox = harness::choose_sandbox(requested, harness::probe_sandboxes());
  if (!run.sandbox.error.empty()) {
    print_error(run.sandbox.error);
    return std::nullopt;
  }
  if (run.sandbox.kind == harness::SandboxKind::None) {
    print_error(fmt::format("warning: {}: the scripts run unconfined, with your full rights",
                            flags.no_sandbox ? "--no-sandbox" : "--sandbox none"));
  }
  return run;
}

std::optional<std::vector<std::string>> resolve_shells(std::vector<std::string> first,
                                                       const std::vector<std::string>& requested) {
  std::vector<std::string> shells = std::move(first);
  const char* path = std::getenv("PATH");
  interp::ProcessLauncher launcher;
  for (const std::string& shell : requested) {
    if (std::find(shells.begin(), shells.end(), shell) != shells.end()) continue;
    if (shell != "forklift" && (shell.empty() || launcher.resolve(shell, path != nullptr ? path : "").empty())) {
      print_error(fmt::format("--shell: unknown shell '{}' (not found in PATH)", shell));
      return std::nullopt;
    }
    shells.push_back(shell);
  }
  return shells;
}

}  // namespace forklift::cli
