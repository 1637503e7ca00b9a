// The flags `forklift verify` and `forklift bench` share to describe how the
// scripts run: arguments, environment, stdin, input files, timeout, shells.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "harness/script_runner.h"

namespace forklift::cli {

struct ScriptRunFlags {
  std::vector<std::string> args, env, inputs;
  std::optional<std::string> stdin_file;
  double timeout_seconds = 60;
  std::string sandbox = "auto";
  bool no_sandbox = false;

  // Registers --arg, --env, --input, --stdin, --timeout, --sandbox and
  // --no-sandbox on `command`.
  void add_to(CLI::App& command);
};

// The run settings every run shares; nullopt (after saying why on stderr)
// on a bad flag: an --env without `=`, a missing --input, an unreadable
// --stdin, a sandbox this machine cannot make. --no-sandbox is warned about.
std::optional<harness::ScriptRun> script_run_settings(const ScriptRunFlags& flags);

// `first`, then each requested shell once, in order; "forklift" is the
// bundled interpreter. nullopt (after saying why) when a shell is not in PATH.
std::optional<std::vector<std::string>> resolve_shells(std::vector<std::string> first,
                                                       const std::vector<std::string>& requested);

}  // namespace forklift::cli
