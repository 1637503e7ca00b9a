// `forklift bench SCRIPT`: times a script against its rewrite (what `forklift
// fix` would write, or --fixed FILE) under the bundled interpreter and any
// --shell, counts the processes each spawned, and prints the speedup; --plot
// draws it. The runs go through interp/script_runner, the timing and
// statistics through interp/bench.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/bench/bench_report.h"
#include "cli/bench/plot_file.h"
#include "cli/lint_settings.h"
#include "cli/progress_bar.h"
#include "cli/subcommands.h"
#include "cli/verify/prepared_rewrite.h"
#include "interp/bench/comparison.h"
#include "interp/bench/svg_plot.h"
#include "interp/process_launcher.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;

struct BenchFlags {
  std::string script;
  std::optional<std::string> fixed;
  bool unsafe_fixes = false;
  size_t runs = 10;
  size_t warmup = 1;
  std::vector<std::string> shells;
  std::vector<std::string> args, inputs;
  std::optional<std::string> stdin_file;
  double timeout_seconds = 60;
  std::string format = "text";
  std::optional<std::string> plot;
};

void print_error(const std::string& message) { std::fprintf(stderr, "forklift: %s\n", message.c_str()); }

// The shells asked for, each once, in order; the bundled interpreter when
// none was. nullopt (after saying why) when one is not installed.
std::optional<std::vector<std::string>> shells_to_time(const std::vector<std::string>& requested) {
  if (requested.empty()) return std::vector<std::string>{"forklift"};
  std::vector<std::string> shells;
  const char* path = std::getenv("PATH");
  interp::ProcessLauncher launcher;
  for (const std::string& shell : requested) {
    if (std::find(shells.begin(), shells.end(), shell) != shells.end()) continue;
    if (shell != "forklift" && (shell.empty() || launcher.resolve(shell, path ? path : "").empty())) {
      print_error(fmt::format("--shell: unknown shell '{}' (not found in PATH)", shell));
      return std::nullopt;
    }
    shells.push_back(shell);
  }
  return shells;
}

// What every run shares; nullopt (after saying why) on a bad flag.
std::optional<interp::ScriptRun> shared_run(const BenchFlags& flags) {
  interp::ScriptRun run;
  run.args = flags.args;
  run.keep_files = false;
  run.script_name = fs::path(flags.script).filename().string();
  run.timeout = std::chrono::milliseconds(static_cast<int64_t>(flags.timeout_seconds * 1000));
  for (const std::string& input : flags.inputs) {
    if (!fs::exists(input)) {
      print_error(fmt::format("--input {}: no such file or directory", input));
      return std::nullopt;
    }
    run.inputs.emplace_back(input);
  }
  if (flags.stdin_file) {
    std::ifstream in(*flags.stdin_file, std::ios::binary);
    if (!in || fs::is_directory(*flags.stdin_file)) {
      print_error(fmt::format("--stdin {}: cannot read it", *flags.stdin_file));
      return std::nullopt;
    }
    run.stdin_data = std::string(std::istreambuf_iterator<char>(in), {});
  }
  return run;
}

// The comparison under each shell; nullopt (after saying why) when a run failed.
std::optional<std::vector<interp::bench::Comparison>> time_shells(const BenchFlags& flags,
                                                                 const std::vector<std::string>& shells,
                                                                 const interp::ScriptRun& shared,
                                                                 const fs::path& rewritten) {
  std::vector<interp::bench::ComparisonPlan> plans;
  size_t total_runs = 0;
  for (const std::string& shell : shells) {
    interp::bench::ComparisonPlan plan{shared, shared, flags.runs, flags.warmup};
    plan.original.shell = plan.rewritten.shell = shell;
    plan.original.script = flags.script;
    plan.rewritten.script = rewritten;
    total_runs += interp::bench::runs_in(plan);
    plans.push_back(std::move(plan));
  }
  ProgressBar progress(total_runs, isatty(STDERR_FILENO) == 1);
  std::vector<interp::bench::Comparison> comparisons;
  for (const interp::bench::ComparisonPlan& plan : plans) {
    interp::bench::ComparisonOutcome outcome = interp::bench::compare(plan, [&] { progress.advance(); });
    if (!outcome.comparison) {
      print_error(outcome.error);
      return std::nullopt;
    }
    comparisons.push_back(std::move(*outcome.comparison));
  }
  return comparisons;
}

int run_bench(const BenchFlags& flags) {
  auto shells = shells_to_time(flags.shells);
  auto shared = shared_run(flags);
  if (!shells || !shared) return kExitUsage;
  if (flags.plot) {
    if (auto problem = plot_path_problem(*flags.plot)) {
      print_error("--plot " + *problem);
      return kExitUsage;
    }
  }
  LintFlags lint;
  if (flags.unsafe_fixes) lint.unsafe_fixes = true;
  SettingsResolver resolver(lint);
  RewriteDirectory directory;
  PreparedRewrite prepared = prepare_rewrite(flags.script, flags.fixed, resolver, directory);
  if (!prepared.error.empty()) {
    print_error(prepared.error);
    return kExitUsage;
  }
  if (!prepared.changed) {
    print_error(fmt::format("{}: {}; timing it against itself", flags.script,
                            flags.fixed ? "--fixed is the same text" : "nothing to rewrite"));
  }
  fs::path rewritten = prepared.rewritten.empty() ? fs::path(flags.script) : prepared.rewritten;

  auto comparisons = time_shells(flags, *shells, *shared, rewritten);
  if (!comparisons) return kExitUsage;
  BenchReport report{flags.script, flags.fixed.value_or(""), flags.runs, flags.warmup, std::move(*comparisons)};
  if (flags.plot) {
    if (auto error = write_new_file_atomically(*flags.plot, interp::bench::render_svg(bench_chart(report)))) {
      print_error(*error);
      return kExitUsage;
    }
  }
  std::string rendered = flags.format == "json" ? render_bench_json(report) : render_bench_text(report);
  std::fputs(rendered.c_str(), stdout);
  return kExitOk;
}

constexpr const char* kDescription =
    "Time a script against its rewrite: what `forklift fix` would write (with --unsafe-fixes, the unsafe fixes "
    "too), or --fixed FILE. Each runs as `forklift verify` runs it (a fresh temporary directory, a fixed "
    "environment, the same arguments and stdin), after --warmup unmeasured runs, --runs times, original and "
    "rewrite alternating. Prints, per shell, the median wall time with the fastest and slowest run, the "
    "speedup (median over median), and the processes each spawned (counted in a PID namespace where the "
    "kernel allows one; the shell's own cost on an empty script is taken off).\n\n"
    "Exit status: 0 measured; 2 usage or input error (missing file, syntax error, unknown shell, a run that "
    "failed or timed out, a plot that cannot be written).";

const RegisterSubcommand registration([](CLI::App& app, int& status) {
  auto flags = std::make_shared<BenchFlags>();
  CLI::App* bench = app.add_subcommand("bench", "Time a script against its rewrite and count the processes");
  bench->description(kDescription);
  bench->add_option("script", flags->script, "The script to time")->required();
  bench->add_option("--fixed", flags->fixed, "Time against this file instead of computing the fix");
  bench->add_flag("--unsafe-fixes", flags->unsafe_fixes, "Include unsafe fixes in the computed rewrite");
  bench->add_option("--runs", flags->runs, "Measured runs of each script (default: 10)")->check(CLI::Range(1, 10000));
  bench->add_option("--warmup", flags->warmup, "Unmeasured runs of each script first (default: 1)")
      ->check(CLI::Range(0, 1000));
  bench->add_option("--shell", flags->shells, "Shells to time under (forklift, ksh93, bash, dash, ...; default: forklift)")
      ->delimiter(',')
      ->allow_extra_args(false);
  bench->add_option("--arg", flags->args, "An argument for the scripts (repeat for several)")->allow_extra_args(false);
  bench->add_option("--stdin", flags->stdin_file, "Feed this file on stdin (default: /dev/null)");
  bench->add_option("--input", flags->inputs, "A file copied into each run's directory (repeatable)")
      ->allow_extra_args(false);
  bench->add_option("--timeout", flags->timeout_seconds, "Stop a run after SECONDS, and the benchmark (default: 60)")
      ->check(CLI::Range(0.001, 86400.0));
  bench->add_option("--format", flags->format, "Output format: text or json")->check(CLI::IsMember({"text", "json"}));
  bench->add_option("--plot", flags->plot, "Write a bar chart of the timings to this SVG file");
  bench->callback([flags, &status] { status = run_bench(*flags); });
});

}  // namespace
}  // namespace forklift::cli
