// Properties of every rule's fix, on generated inputs: run in the bundled
// interpreter and the real shells of the dialect, a safe fix never changes
// what a snippet prints or its status; an unsafe fix changes it exactly on
// the inputs whose difference the rule's documentation names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <future>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "harness/script_runner.h"
#include "harness/verify/run_comparison.h"
#include "rewriter/fix_loop.h"
#include "rules/linter.h"
#include "rules/rule.h"
#include "tests/fix_properties/property_script.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"

using namespace forklift;
using namespace forklift::test;

namespace {

// Inputs on which the unsafe fix is known to differ, and the words of the
// rule's "Fix safety" text that say so. An entry is an input's label (both
// ways) or a block, "WAY LABEL".
struct KnownDifference {
  std::vector<std::string> blocks;
  std::string documented_as;
};

struct RuleProperty {
  std::string code;
  std::vector<std::string> dialects;  // sh, bash, ksh
  std::string snippet;                // {{v}} names the input's variable
  std::vector<KnownDifference> known;
  // Inputs outside what the docs say a safe fix assumes (values that fit in
  // 64 bits): a safe fix may differ there.
  std::vector<KnownDifference> assumed = {};
};

std::vector<std::string> shells_for(const std::string& dialect) {
  if (dialect == "sh") return {"forklift", "dash", "bash", "ksh"};
  if (dialect == "ksh") return {"forklift", "ksh"};
  return {"bash"};
}

bool installed(const std::string& shell) { return shell == "forklift" || forklift::test::installed(shell); }

struct Fixed {
  std::string text;
  int applied = 0;
};

Fixed fix(const std::string& script, const std::string& code, bool unsafe) {
  LintOptions options;
  options.rules.select = {code};
  FixLoopResult result = run_fix_loop(SourceFile("property.sh", script), FixLoopOptions{unsafe},
                                      [&](const SourceFile& file) { return lint_source(file, options); });
  INFO(code << (unsafe ? " unsafe" : " safe") << ": " << (result.failure ? result.failure->detail : ""));
  REQUIRE(!result.failure);
  auto applied = result.applied.find(code);
  return {result.text, applied == result.applied.end() ? 0 : applied->second};
}

std::map<std::string, std::string> run_blocks(const std::string& shell, const std::string& path) {
  harness::ScriptRun run;
  run.shell = shell;
  run.script = path;
  run.script_name = "property.sh";
  run.forklift_binary = FORKLIFT_BINARY;
  run.count_processes = false;
  // Only a guard against a hang: a script of a few hundred blocks forks
  // thousands of times, which takes minutes on a loaded machine.
  run.timeout = std::chrono::seconds(180);
  harness::RunOutcome outcome = harness::run_script(run);
  INFO(shell << " " << path << ": " << outcome.error);
  REQUIRE(outcome.ran);
  return split_blocks(harness::normalized_for_comparison(outcome).out);
}

// One line per block whose output differs, for failure messages.
struct BlockDifference {
  std::string block, shell, original, fixed;
  std::string describe(const std::string& code, const std::string& dialect) const {
    return fmt::format("{} ({}) on {} [{}]: original printed {:?}, fixed printed {:?}", code, dialect, shell, block,
                       original, fixed);
  }
};

// Blocks whose output differs, among those the fix changed: where it did
// not, a difference is the shell's own nondeterminism (ksh93 prints garbage
// for `$(( . + 1 ))`).
std::vector<BlockDifference> differences(const std::map<std::string, std::string>& original,
                                         const std::map<std::string, std::string>& fixed, const std::string& shell,
                                         const std::set<std::string>& changed) {
  std::vector<BlockDifference> found;
  for (const auto& [block, output] : original) {
    if (changed.count(block) == 0) continue;
    auto other = fixed.find(block);
    std::string fixed_output = other == fixed.end() ? "(block missing)" : other->second;
    if (fixed_output != output) found.push_back({block, shell, output, fixed_output});
  }
  return found;
}

// The docs with their line breaks as spaces, to search for a phrase.
std::string one_line(std::string_view docs) {
  std::string text(docs);
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

const KnownDifference* covering(const std::vector<KnownDifference>& list, const std::string& block) {
  std::string label = block.substr(block.find(' ') + 1);
  for (const KnownDifference& known : list) {
    for (const std::string& entry : known.blocks) {
      if (entry == block || entry == label) return &known;
    }
  }
  return nullptr;
}

// The blocks of one script under one shell. The runs go in parallel: most
// of their time is spent waiting for processes.
struct ShellResults {
  std::map<std::string, std::string> original, safe, unsafe;
};

ShellResults run_all(const std::string& shell, const std::string& dir) {
  auto run = [&](const char* name) { return std::async(std::launch::async, run_blocks, shell, dir + "/" + name); };
  auto original = run("original"), safe = run("safe"), unsafe = run("unsafe");
  return ShellResults{original.get(), safe.get(), unsafe.get()};
}

// The blocks whose text differs between two scripts.
std::set<std::string> changed_blocks(const std::string& original, const std::string& fixed) {
  std::set<std::string> changed;
  auto before = split_script_blocks(original), after = split_script_blocks(fixed);
  for (const auto& [block, text] : before) {
    if (after[block] != text) changed.insert(block);
  }
  return changed;
}

const std::vector<RuleProperty>& rule_properties();

}  // namespace

TEST_CASE("fix properties hold on generated inputs in the bundled interpreter and real shells", "[fix][properties]") {
  std::set<std::string> covered_codes;
  for (const RuleProperty& property : rule_properties()) {
    covered_codes.insert(property.code);
    const Rule* rule = find_rule(property.code);
    REQUIRE(rule != nullptr);
    std::vector<std::string> safe_failures, unexplained;
    std::set<const KnownDifference*> seen;
    int applied = 0;
    for (const std::string& dialect : property.dialects) {
      TempDir dir;
      std::string original = property_script("#!/bin/" + dialect, property.snippet);
      Fixed safe = fix(original, property.code, false), unsafe = fix(original, property.code, true);
      applied += unsafe.applied;
      std::ofstream(dir.path() + "/original") << original;
      std::ofstream(dir.path() + "/safe") << safe.text;
      std::ofstream(dir.path() + "/unsafe") << unsafe.text;
      std::set<std::string> safe_changed = changed_blocks(original, safe.text),
                            unsafe_changed = changed_blocks(original, unsafe.text);
      for (const std::string& shell : shells_for(dialect)) {
        if (!installed(shell)) {
          forklift::test::skip_for_missing_tool(shell + " is not installed");
          continue;
        }
        ShellResults results = run_all(shell, dir.path());
        for (const BlockDifference& d : differences(results.original, results.safe, shell, safe_changed)) {
          if (const KnownDifference* assumed = covering(property.assumed, d.block)) {
            seen.insert(assumed);
          } else {
            safe_failures.push_back(d.describe(property.code, dialect));
          }
        }
        for (const BlockDifference& d : differences(results.original, results.unsafe, shell, unsafe_changed)) {
          const KnownDifference* known = covering(property.known, d.block);
          if (known == nullptr) known = covering(property.assumed, d.block);
          if (known != nullptr) {
            seen.insert(known);
          } else {
            unexplained.push_back(d.describe(property.code, dialect));
          }
        }
      }
    }
    INFO(property.code << ": " << property.snippet);
    CHECK(applied > 0);  // the snippet exercises the fix
    INFO("safe fix differs:\n" << fmt::format("{}", fmt::join(safe_failures, "\n")));
    CHECK(safe_failures.empty());
    INFO("unsafe fix differs where the docs do not say so:\n" << fmt::format("{}", fmt::join(unexplained, "\n")));
    CHECK(unexplained.empty());
    for (const auto* list : {&property.known, &property.assumed}) {
      for (const KnownDifference& known : *list) {
        INFO("listed difference: " << known.documented_as);
        CHECK(seen.count(&known) == 1);  // listed differences happen
        CHECK(one_line(rule->info().docs).find(known.documented_as) != std::string::npos);
      }
    }
  }
  // Every rule with a fix has a property.
  for (const Rule* rule : all_rules()) {
    if (rule->info().docs.find("No fix") != std::string_view::npos) continue;
    INFO(rule->info().code);
    CHECK(covered_codes.count(std::string(rule->info().code)) == 1);
  }
}

namespace {

// The inputs that are not integers, but those in `except`.
std::vector<std::string> not_numbers(const std::set<std::string>& except = {}) {
  std::vector<std::string> labels;
  for (const PropertyInput& input : property_inputs()) {
    const std::string& v = input.value;
    size_t digits = v.starts_with("-") ? 1 : 0;
    bool integer = v.size() > digits && v.find_first_not_of("0123456789", digits) == std::string::npos;
    if (!integer && except.count(input.label) == 0) labels.push_back(input.label);
  }
  return labels;
}

const std::vector<RuleProperty>& rule_properties() {
  static const std::vector<RuleProperty> properties = {
      // In a pipeline: no guard, the unsafe fix is the arithmetic.
      {"FL101", {"sh"}, "echo \"[$(expr ${{v}} + 1)]\" | cat",
       {{not_numbers({"empty"}), "it rejects non-integers"}, {{"010", "08"}, "reads `010` as ten"}},
       {{{"2^63-1"}, "results are assumed to fit in 64 bits"}}},
      // A statement of its own: guarded where the value is not known (19 digits keep expr); a literal
      // proven an integer gets the plain arithmetic.
      {"FL101", {"sh", "bash", "ksh"}, "r=$(expr ${{v}} + 1); echo \"[$r] $?\"", {},
       {{{"2^63-1"}, "results are assumed to fit in 64 bits"}}},
      {"FL102", {"sh"}, "n=$(expr length \"${{v}}\"); echo \"[$n]\"", {{{"utf-8"}, "counts bytes"}}},
      {"FL102", {"bash"}, "h=$(expr substr \"${{v}}\" 1 3); echo \"[$h]\"",
       {{{"newline at end"}, "strips trailing newlines"}}},
      {"FL103", {"sh"}, "t=$(echo \"${{v}} * 2\" | bc); echo \"[$t]\"",
       {{not_numbers(), "not a number"}, {{"010", "08"}, "reads `010` as ten"}},
       {{{"2^63-1"}, "results are assumed to fit in 64 bits"}}},
      {"FL104", {"ksh"}, "r=$(echo \"scale=2; ${{v}} / 3\" | bc); echo \"[$r]\"",
       {{{"0"}, "prints a zero result as `0`"}, {not_numbers(), "not a number"}, {{"2^63-1"}, "about 16 digits"}}},
      {"FL105", {"bash", "ksh"}, "let \"r = {{v}} + 1\"; echo \"status $? [$r]\"",
       {{not_numbers({"empty"}), "ends the script in `(( ))`"}}},
      {"FL106", {"bash"}, "r=$[{{v}} + 1]; echo \"[$r]\"", {}},
      {"FL107", {"sh"}, "echo \"[$(( ${{v}} + 1 ))] [$(( 2 - ${{v}} ))]\"",
       {{{"-n", "leading dash", "newline at end", "utf-8", "."}, "the value is an expression"},
        {{"empty"}, "an expression, empty"}}},
      {"FL201", {"sh"}, "r=`echo \"${{v}}\"`; echo \"[$r]\"", {}},
      {"FL202", {"sh"}, "r=$(echo \"${{v}}\"); echo \"[$r]\"",
       {{{"-n"}, "echo takes `-n` as an option"}, {{"newline at end"}, "`$( )` strips trailing newlines"}}},
      // In a pipeline: no guard, the unsafe fix is the expansion.
      {"FL301", {"sh"}, "echo \"[$(basename \"${{v}}\")]\" | cat",
       {{{"-5", "-n", "leading dash"}, "starts with `-`"}, {{"/"}, "is `/`"}, {{"trailing slash"}, "ends in `/`"},
        {{"newline at end"}, "ends in a newline"}}},
      // Statements of their own: where the facts are missing the fix is guarded, safe, and never differs.
      {"FL301", {"sh", "bash", "ksh"}, "b=$(basename \"${{v}}\"); echo \"[$b]\"", {}},
      {"FL301", {"sh", "bash", "ksh"}, "echo \"[$(basename \"${{v}}\")]\"", {}},
      {"FL301", {"sh"}, "b=$(basename \"${{v}}\" .txt); echo \"[$b] $?\"", {}},
      {"FL301", {"sh"}, "e=txt; b=$(basename \"${{v}}\" \".$e\"); echo \"[$b] $?\"", {}},
      {"FL302", {"sh", "bash", "ksh"}, "d=$(dirname \"${{v}}\"); echo \"[$d] $?\"", {}},
      // A command of its own: the `case` sets a variable first, guarded, never different.
      {"FL302", {"sh", "bash"}, "echo \"[$(dirname \"${{v}}\")]\"; echo \"$?\"", {}},
      // In a pipeline: no guard, the unsafe fix is the expansion.
      {"FL302", {"sh"}, "echo \"[$(dirname \"${{v}}\")]\" | cat",
       {{{"7", "0", "010", "08", "2^63-1", "-5", "empty", "spaces", "glob", "utf-8", "plain name", "colon",
          "backslash", "newline inside", "-n", "leading dash", "newline at end"},
         "a name without a slash"},
        {{"/"}, "for `/` itself"},
        {{"trailing slash"}, "a path ending in `/`"},
        {{"repeated slashes"}, "repeated slashes"}}},
      {"FL303", {"bash", "ksh"}, "echo \"[$(echo \"${{v}}\" | sed 's/-/_/g')]\" | cat",
       {{{"-n"}, "echo eats a value of `-n`"}, {{"newline at end"}, "strips the value's trailing newlines"}}},
      {"FL303", {"sh"},
       "s=$(echo \"${{v}}\" | sed 's/ /, /g'); t=$(echo \"${{v}}\" | sed 's/[^.]*//'); "
       "u=$(echo \"${{v}}\" | sed -e 's/^/</' -e 's/$/>/'); echo \"[$s] [$t] [$u]\"",
       // Statements of their own, from values no fact is known of: guarded, never different.
       {}},
      {"FL303", {"sh", "bash", "ksh"}, "s=$(echo \"${{v}}\" | sed 's/-/_/g'); echo \"[$s] $?\"", {}},
      // sh, ksh93 and mksh: each ASCII letter mapped, as tr maps bytes; guarded where facts are missing.
      {"FL304", {"sh", "ksh", "mksh"}, "u=$(echo \"${{v}}\" | tr a-z A-Z); l=$(echo \"${{v}}\" | tr '[A-Z].' '[a-z]_'); echo \"[$u] [$l]\"", {}},
      {"FL304", {"bash"}, "u=$(echo \"${{v}}\" | tr a-z A-Z); echo \"[$u]\"",
       {{{"utf-8"}, "non-ASCII letters"}, {{"-n"}, "echo eats `-n`"}, {{"newline at end"}, "strips trailing newlines"}}},
      {"FL305", {"sh"}, "echo \"[$(echo \"${{v}}\" | cut -d: -f1)]\" | cat",
       {{{"-n"}, "echo eats `-n`"}, {{"newline at end"}, "strips trailing newlines"}}},
      {"FL305", {"sh"}, "f=$(echo \"${{v}}\" | cut -d: -f1); echo \"[$f]\"", {}},
      {"FL305", {"sh"}, "f=$(printf '%s\\n' \"${{v}}\" | cut -d: -f2); g=$(printf '%s\\n' \"${{v}}\" | cut -d: -f2-); echo \"[$f] [$g]\"", {}},
      {"FL305", {"sh", "ksh"},
       "r=$(echo \"${{v}}\" | cut -d/ -f1-2); s=$(echo \"${{v}}\" | cut -d/ -f2-3); echo \"[$r] [$s]\"", {}},
      {"FL310", {"sh", "bash"}, "if echo \"${{v}}\" | grep -q 'b'; then echo yes; else echo no; fi", {}},
      {"FL310", {"sh"}, "m=$(printf '%s\\n' \"${{v}}\" | grep '/'); echo \"[$m] $?\"", {}},
      {"FL310", {"sh", "bash"},
       "if printf '%s\\n' \"${{v}}\" | grep -q '^[0-9][0-9]*$'; then echo number; fi; "
       "m=$(printf '%s\\n' \"${{v}}\" | grep -v '^-.*[a-z]$'); echo \"[$m] $?\"", {}},
      {"FL311", {"bash"}, "f=$(printf '%s\\n' \"${{v}}\" | awk '{print $2}'); echo \"[$f]\"", {}},
      {"FL311", {"sh"}, "f=$(printf '%s\\n' \"${{v}}\" | awk -F: '{print $2}'); l=$(printf '%s\\n' \"${{v}}\" | awk -F: '{print $NF}'); echo \"[$f] [$l]\"", {}},
      {"FL312", {"bash"}, "f=$(printf '%s\\n' \"${{v}}\" | head -n1); l=$(printf '%s\\n' \"${{v}}\" | tail -n1); echo \"[$f] [$l]\"", {}},
      {"FL312", {"sh"}, "f=$(printf '%s\\n' \"${{v}}\" | head -n1); n=$(echo \"${{v}}\" | wc -l); echo \"[$f] [$n]\"",
       {{{"-n"}, "must not start with `-`"}}},
      {"FL313", {"bash", "ksh"}, "a=$(printf '%s\\n' \"${{v}}\" | tr -d '\\n'); b=$(printf '%s\\n' \"${{v}}\" | tr / _); echo \"[$a] [$b]\"",
       {}},
      // Statements of their own: sh's loops and bash's expansions, guarded where a fact is missing.
      {"FL313", {"sh", "bash", "ksh", "mksh"},
       "a=$(echo \"${{v}}\" | tr -d '0-9:'); b=$(echo \"${{v}}\" | tr '.-' '_'); c=$(printf '%s\\n' \"${{v}}\" | tr -s ' /'); "
       "d=$(echo \"${{v}}\" | tr './' '_:'); e=$(echo \"${{v}}\" | tr -d '[:punct:]'); echo \"[$a] [$b] [$c] [$d] [$e]\"",
       {}},
      {"FL306", {"sh"}, "n=$(printf %s \"${{v}}\" | wc -c); echo \"[$n]\"", {{{"utf-8"}, "counts bytes"}}},
      {"FL307", {"sh"},
       "mkdir -p -- \"${{v}}\" 2>/dev/null; cd -- \"${{v}}\" 2>/dev/null && { echo \"[$(pwd)]\" | cat; }",
       {{{"newline at end"}, "ends in one"}}},
      // A statement of its own: guarded, safe, and never different.
      {"FL307", {"sh", "bash"},
       "mkdir -p -- \"${{v}}\" 2>/dev/null; cd -- \"${{v}}\" 2>/dev/null && { here=$(pwd); echo \"[$here]\"; }", {}},
      {"FL308", {"sh"}, "printf '%s\\n' \"${{v}}\" > data; c=$(grep a data | wc -l); echo \"[$c]\"", {}},
      {"FL401", {"bash", "ksh"}, "printf '%s\\n' \"${{v}}\" > data; c=$(cat data); echo \"[$c]\"", {}},
      {"FL402", {"sh"}, "printf '%s\\n' \"${{v}}\" > data; cat data | while read -r l; do echo \"<$l>\"; done", {}},
      {"FL403", {"sh", "bash", "ksh"}, "for i{{v}} in $(seq \"${{v}}\" 3); do echo \"$i{{v}}\"; done",
       {{not_numbers(), "a bound that is not a number"}, {{"08"}, "bash rejects `08`"}}},
      {"FL406", {"sh"},
       "cat <<EOF\n[${{v}}] \"q\" \\$x $(echo \"${{v}}\")\nEOF\ncat <<'EOF'\n[${{v}}] \\ \"\nEOF\necho \"status $?\"", {}},
      {"FL404", {"sh"}, "for w in ${{v}}; do echo \"$(uname -s) $w\"; done", {}},
  };
  return properties;
}

}  // namespace
