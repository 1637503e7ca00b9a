// `forklift bench SCRIPT`: times a script against its rewrite (what `forklift
// fix` would write, or --fixed FILE) under the bundled interpreter and any
// --shell, counts the processes each spawned, and prints the speedup; --plot
// draws it. The runs go through harness/script_runner, the timing and
// statistics through harness/bench.
#include <unistd.h>

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
#include "cli/progress_bar.h"
#include "cli/rule_flags.h"
#include "cli/script_run_flags.h"
#include "cli/subcommands.h"
#include "harness/bench/bench_report.h"
#include "harness/bench/comparison.h"
#include "harness/bench/plot_file.h"
#include "harness/bench/svg_plot.h"
#include "rewriter/atomic_write.h"

namespace forklift::cli {
namespace {

namespace fs = std::filesystem;
namespace bench = harness::bench;

struct BenchFlags {
  std::string script;
  std::optional<std::string> fixed;
  RuleFlags rules;
  size_t runs = 10;
  size_t warmup = 1;
  std::vector<std::string> shells;
  ScriptRunFlags run;
  std::string format = "text";
  std::optional<std::string> plot;
};

void print_error(const std::string& message) { std::fprintf(stderr, "forklift: %s\n", message.c_str()); }

// What every run shares; nullopt (after saying why) on a bad flag.
std::optional<harness::ScriptRun> shared_run(const BenchFlags& flags) {
  std::optional<harness::ScriptRun> run = script_run_settings(flags.run);
  if (run) {
    run->keep_files = false;
    run->script_name = fs::path(flags.script).filename().string();
  }
  return run;
}

// The comparison under each shell; nullopt (after saying why) when a run failed.
std::optional<std::vector<bench::Comparison>> time_shells(const BenchFlags& flags,
                                                          const std::vector<std::string>& shells,
                                                          const harness::ScriptRun& shared,
                                                          const fs::path& rewritten) {
  std::vector<bench::ComparisonPlan> plans;
  size_t total_runs = 0;
  for (const std::string& shell : shells) {
    bench::ComparisonPlan plan{shared, shared, flags.runs, flags.warmup};
    plan.original.shell = plan.rewritten.shell = shell;
    plan.original.script = flags.script;
    plan.rewritten.script = rewritten;
    total_runs += bench::runs_in(plan);
    plans.push_back(std::move(plan));
  }
  ProgressBar progress(total_runs, isatty(STDERR_FILENO) == 1, "runs");
  std::vector<bench::Comparison> comparisons;
  for (const bench::ComparisonPlan& plan : plans) {
    bench::ComparisonOutcome outcome = bench::compare(plan, [&] { progress.advance(); });
    if (!outcome.comparison) {
      print_error(outcome.error);
      return std::nullopt;
    }
    comparisons.push_back(std::move(*outcome.comparison));
  }
  return comparisons;
}

int run_bench(const BenchFlags& flags) {
  auto shells = flags.shells.empty() ? std::optional(std::vector<std::string>{"forklift"})
                                     : resolve_shells({}, flags.shells);
  auto shared = shared_run(flags);
  if (!shells || !shared) return kExitUsage;
  if (flags.plot) {
    if (auto problem = bench::plot_path_problem(*flags.plot)) {
      print_error("--plot " + *problem);
      return kExitUsage;
    }
  }
  std::optional<SettingsOverrides> lint = flags.rules.settings_overrides();
  if (!lint) return kExitUsage;
  SettingsResolver resolver(*lint);
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
  bench::BenchReport report{flags.script, flags.fixed.value_or(""), flags.runs, flags.warmup, std::move(*comparisons)};
  if (flags.plot) {
    if (auto error = write_new_file_atomically(*flags.plot, bench::render_svg(bench::bench_chart(report)))) {
      print_error(*error);
      return kExitUsage;
    }
  }
  std::string rendered = flags.format == "json" ? bench::render_bench_json(report) : bench::render_bench_text(report);
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
  bench->footer(kDescription);
  bench->add_option("script", flags->script, "The script to time")->required();
  bench->add_option("--fixed", flags->fixed, "Time against this file instead of computing the fix");
  flags->rules.add_to(*bench, {"Include unsafe fixes in the computed rewrite",
                               "Only safe fixes in the computed rewrite, whatever the config says", false});
  bench->add_option("--runs", flags->runs, "Measured runs of each script (default: 10)")->check(CLI::Range(1, 10000));
  bench->add_option("--warmup", flags->warmup, "Unmeasured runs of each script first (default: 1)")
      ->check(CLI::Range(0, 1000));
  bench->add_option("--shell", flags->shells, "Shells to time under (forklift, ksh93, bash, dash, ...; default: forklift)")
      ->delimiter(',')
      ->allow_extra_args(false);
  flags->run.add_to(*bench);
  bench->add_option("--format", flags->format, "Output format: text or json")->check(CLI::IsMember({"text", "json"}));
  bench->add_option("--plot", flags->plot, "Write a bar chart of the timings to this SVG file");
  bench->callback([flags, &status] { status = run_bench(*flags); });
});

}  // namespace
}  // namespace forklift::cli
