// Running one script once, under the bundled interpreter or a real shell, in a
// fresh temporary working directory, with a fixed environment, captured
// output, a timeout, and the files the script left behind; confined by a
// sandbox unless told otherwise (harness/sandbox/sandbox_choice.h): the file
// system read-only but for the run's directory and a private /tmp, no
// network, limits on CPU time, memory, processes and file size, and every
// process the script started killed at the end. Shared by `forklift verify`
// and `forklift bench`.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/sandbox/sandbox_choice.h"

namespace forklift::harness {

struct ScriptRun {                      // one run of one script
  std::string shell = "forklift";       // "forklift" = the bundled interpreter (this binary's `run`), else a
                                        // shell name looked up in PATH (ksh93, ksh, bash, dash, …) or a path
  std::filesystem::path script;
  std::vector<std::string> args;
  std::optional<std::string> stdin_data;                 // nullopt: /dev/null
  std::vector<std::pair<std::string, std::string>> env;  // on top of the fixed environment
  std::vector<std::filesystem::path> inputs;             // copied into the fresh working directory first
  std::chrono::milliseconds timeout{60000};
  bool keep_files = true;                                // collect the files left in the working directory

  // How the script is named to the shell ($0, error messages); empty: its
  // own file name. The script is copied beside the working directory under
  // this name and run as `../NAME`, so two different files given the same
  // name print the same `$0` and the same error messages, and a sandbox that
  // hides the script's own directory (a private /tmp) still runs it.
  std::string script_name;
  // Fill RunOutcome::processes by running the shell under a counting reaper
  // (harness/bench/process_count.h) where user+PID namespaces are available.
  // The run then ends only when every process the script started has ended
  // (or at the timeout); without counting, background jobs still running when
  // the script exits are killed.
  bool count_processes = true;
  // What confines the script (choose_sandbox); None runs it with the caller's rights.
  SandboxChoice sandbox;
  // The forklift executable whose `run` subcommand is the bundled interpreter.
  // Empty: the running program (/proc/self/exe). Tests point it at the built binary.
  std::filesystem::path forklift_binary;
};

struct RunOutcome {
  bool ran = false;
  std::string error;                             // could not run: why (shell not found, timeout, …)
  bool sandbox_failed = false;                   // the sandbox could not be made (`error` says why): nothing ran
  int exit_status = 0;                           // 128+N for a signal, as shells report it
  std::string out, err;
  std::map<std::string, std::string> files;      // relative path → content, left in the working dir
  std::optional<uint64_t> processes;             // processes the script spawned, when measurable
  std::chrono::nanoseconds wall{}, cpu{};        // wall clock; user+sys of the child tree
  // The temporary directory of the run (removed by now): the working
  // directory is its `work/`. Two runs print different paths for `$PWD`, so
  // comparisons replace it (harness/verify/run_comparison.h).
  std::string sandbox_dir;
};

// Limits on what one run may produce. Beyond them the run is stopped (output)
// or the file's content is cut and says so (files left behind).
inline constexpr std::size_t kMaxOutputBytes = 64u << 20;     // stdout and stderr, each
inline constexpr std::size_t kMaxFileBytes = 1u << 20;        // per file left behind
inline constexpr std::size_t kMaxCollectedBytes = 16u << 20;  // all files left behind

// The seed the fixed environment pins RANDOM to.
inline constexpr int kRandomSeed = 1;

// The fixed environment: PATH (inherited), LC_ALL=C.UTF-8, TZ=UTC, HOME=the
// working directory, RANDOM pinned (FORKLIFT_RANDOM_SEED for the bundled
// interpreter; RANDOM=seed in the environment, which ksh93, mksh and zsh
// import as a seed; for bash, whose RANDOM ignores the environment, BASH_ENV
// names a file beside the working directory that assigns it; dash has no
// RANDOM), then `run.env`.
RunOutcome run_script(const ScriptRun& run);

}  // namespace forklift::harness
