// Safe fixes on generated programs (tests/fix_properties/generated_program.h):
// each program and its safe fix (every rule, as `forklift fix` without
// --unsafe-fixes) run under each real shell of its dialect, and must print
// the same stdout and stderr and exit with the same status. ctest runs 150
// programs; `make fix-differential` runs thousands
// (FORKLIFT_FIX_DIFFERENTIAL_PROGRAMS, from FORKLIFT_FIX_DIFFERENTIAL_SEED).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <future>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/script_runner.h"
#include "harness/verify/run_comparison.h"
#include "rewriter/fix_loop.h"
#include "rules/linter.h"
#include "tests/fix_properties/generated_program.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"

using namespace forklift;
using namespace forklift::test;

namespace {

constexpr uint64_t kDefaultPrograms = 150;
constexpr size_t kMaxReported = 5;  // failures shown in full; the run stops there

uint64_t from_environment(const char* name, uint64_t fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::strtoull(value, nullptr, 10) : fallback;
}

// The safe fix, or why the fix loop failed (itself a bug worth reporting).
struct SafeFix {
  std::string text, failure;
};

SafeFix safe_fix(const GeneratedProgram& program) {
  FixLoopResult result = run_fix_loop(SourceFile("program.sh", program.text), FixLoopOptions{false},
                                      [](const SourceFile& file) { return lint_source(file, LintOptions{}); });
  if (result.failure) return {program.text, result.failure->detail};
  return {result.text, ""};
}

harness::RunOutcome run_under(const std::string& shell, const std::string& path) {
  harness::ScriptRun run;
  run.shell = shell;
  run.script = path;
  run.script_name = "program.sh";
  run.count_processes = false;
  run.timeout = std::chrono::seconds(20);
  return harness::run_script(run);
}

std::string describe(const std::vector<harness::Difference>& differences) {
  std::string text;
  for (const harness::Difference& d : differences) {
    text += fmt::format("  {}: original {:?}, fixed {:?}\n", d.what, d.before.value_or("(none)"),
                        d.after.value_or("(none)"));
  }
  return text;
}

// The first shell under which the program and its fix differ, described;
// "" when none does.
std::string first_difference(const GeneratedProgram& program, const SafeFix& fixed) {
  TempDir dir;
  std::string original_path = dir.path() + "/original.sh", fixed_path = dir.path() + "/fixed.sh";
  std::ofstream(original_path) << program.text;
  std::ofstream(fixed_path) << fixed.text;
  for (const std::string& shell : shells_for_dialect(program.dialect)) {
    auto original = std::async(std::launch::async, run_under, shell, original_path);
    harness::RunOutcome after = run_under(shell, fixed_path);
    harness::RunOutcome before = original.get();
    if (!before.ran || !after.ran) {
      return fmt::format("under {}: could not run: {} / {}\n", shell, before.error, after.error);
    }
    std::vector<harness::Difference> differences = harness::compare_runs(before, after);
    if (!differences.empty()) return fmt::format("under {}:\n{}", shell, describe(differences));
  }
  return "";
}

}  // namespace

TEST_CASE("safe fixes keep what generated programs do under dash, bash, ksh93 and mksh", "[fix][differential]") {
  for (const char* shell : {"dash", "bash", "ksh93", "mksh"}) {
    if (!installed(shell)) skip_for_missing_tool(std::string(shell) + " is not installed");
  }
  uint64_t first = from_environment("FORKLIFT_FIX_DIFFERENTIAL_SEED", 1);
  uint64_t programs = from_environment("FORKLIFT_FIX_DIFFERENTIAL_PROGRAMS", kDefaultPrograms);
  std::vector<std::string> failures;
  uint64_t changed = 0;
  for (uint64_t seed = first; seed < first + programs && failures.size() < kMaxReported; ++seed) {
    GeneratedProgram program = generate_program(seed);
    SafeFix fixed = safe_fix(program);
    std::string problem = fixed.failure.empty() ? "" : "the fix loop failed: " + fixed.failure + "\n";
    if (problem.empty() && fixed.text == program.text) continue;
    ++changed;
    if (problem.empty()) problem = first_difference(program, fixed);
    if (problem.empty()) continue;
    failures.push_back(fmt::format("seed {} ({}; FORKLIFT_FIX_DIFFERENTIAL_SEED={} FORKLIFT_FIX_DIFFERENTIAL_PROGRAMS=1) "
                                   "{}--- program\n{}--- safe fix\n{}",
                                   seed, program.dialect, seed, problem, program.text, fixed.text));
  }
  INFO(fmt::format("{} programs from seed {}, {} changed by a safe fix\n{}", programs, first, changed,
                   fmt::join(failures, "\n")));
  CHECK(failures.empty());
  // Most programs hold something a safe fix rewrites: the runs compare something.
  CHECK(changed * 2 >= programs);
}

TEST_CASE("generated programs: one seed, one program; seeds cover every dialect", "[fix][differential]") {
  CHECK(generate_program(7).text == generate_program(7).text);
  CHECK(generate_program(7).text != generate_program(8).text);
  std::set<std::string> dialects;
  for (uint64_t seed = 1; seed <= 100; ++seed) dialects.insert(generate_program(seed).dialect);
  CHECK(dialects == std::set<std::string>{"bash", "ksh", "mksh", "sh"});
}
