// FL305 (cut) and FL311 (awk) on generated values: each field program, fed
// a value by `echo` and `<<<`, runs before and after the
// fixes the rules call safe, under dash, bash, ksh93 and mksh. Every block
// reads its value twice: from a variable assigned the literal (the value
// facts know it: a plain rewrite) and from `$1` (nothing is known: a
// guarded rewrite). The output must not change on any value, traps
// included: no delimiter, empty fields, fields beyond the end, blanks,
// newlines, a leading `-`, backslashes, glob characters, UTF-8.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "rule_golden_support.h"
#include "shell_runs.h"

namespace forklift::testing {
namespace {

// Field numbers from variables (set before the blocks): 2, 3 and 150, past
// the range `-f "$big"-3` ends at, where `cut` must stay.
constexpr const char* kCutArguments[] = {
    "-d: -f1",       "-d: -f2",        "-d: -f3",        "-d: -f2-",       "-d: -f3-",
    "-d . -f 1",     "-d' ' -f2",      "-d= -f 2-",      "-f2 -d:",        "-d: -f\"$two\"",
    "-d: -f \"$three\"-", "-d: -f 1-\"$two\"", "-d: -f\"$big\"-3",
};

constexpr const char* kAwkArguments[] = {
    "'{print $1}'",        "'{print $2}'",       "'{ print $3 }'",     "-F: '{print $1}'",
    "-F: '{print $2}'",    "-F: '{print $NF}'",  "-F. '{print $3}'",   "-F = '{ print $NF }'",
    "-F, '{print $2}'",
};

constexpr const char* kValues[] = {
    "",       "a:b:c:d", "a::b",  "a:",    "two\nlines:x", "-n",      "back\\slash:x", "  lead  trail  ",
    "a b\tc  d", "x:y\n",  "a,b,,c,d", "a.b.c", "*:?:[x]", "a",            ":",       "::",
    ":a",     "a:b",     "-e:x",  "a=b=c", "\xc3\xa9:\xc3\xbc", "x y:z w", "-",       "a\\tb c",
    " : ",    "a\tb\t",
};

// The values that tell the rewrites apart come first; FORKLIFT_PROPERTY_CASES
// runs more of them (all: 26).
size_t value_count() { return std::min<size_t>(property_case_count(8), std::size(kValues)); }

struct Form {
  const char* name;
  const char* snippet;  // {v}: the value's expansion, {c}: the command and its arguments
  bool needs_here_string = false;
};

constexpr Form kForms[] = {
    {"echo", "x=$(echo \"{v}\" | {c})\nprintf '[%s]\\n' \"$x\""},
    {"own-command", "printf '<%s>\\n' \"$(echo \"{v}\" | {c})\""},
    {"here", "x=$({c} <<< \"{v}\")\nprintf '[%s]\\n' \"$x\"", true},
};

struct Dialected {
  Dialect dialect;
  std::vector<std::string> shells;
};

// The script of every block, and its label: each block sets `$1` and its
// own variable to the value, so both the plain and the guarded rewrite run.
std::string blocks(const char* tool, std::span<const char* const> arguments, Dialect dialect,
                   std::vector<std::string>& labels) {
  std::string script = "export LC_ALL=C.UTF-8\ntwo=2 three=3 big=150\n";
  for (const char* argument : arguments) {
    for (const Form& form : kForms) {
      if (form.needs_here_string && dialect == Dialect::Sh) continue;
      std::string command = fmt::format("{} {}", tool, argument);
      for (const char* value : std::span(kValues).first(value_count())) {
        for (bool positional : {false, true}) {
          size_t block = labels.size();
          std::string name = positional ? "$1" : fmt::format("$v{}", block);
          script += fmt::format("echo '== {}'\nset -- {}\nv{}={}\n", block, single_quoted(value), block,
                                single_quoted(value));
          script += fmt::format(fmt::runtime(form.snippet), fmt::arg("v", name), fmt::arg("c", command)) + "\n";
          labels.push_back(fmt::format("{} | {} | {} | {}", form.name, command, name, single_quoted(value)));
        }
      }
    }
  }
  return script;
}

// Applies the rule's safe fixes and compares every block's output; returns
// how many fixes were applied, and how many of them guarded.
std::pair<int, int> check_tool(const char* code, const char* tool, std::span<const char* const> arguments) {
  ScratchDir dir(fmt::format("{}-field-property", tool));
  int applied = 0, guarded = 0;
  for (const Dialected& d : {Dialected{Dialect::Sh, {"dash", "bash", "ksh", "mksh"}}, Dialected{Dialect::Bash, {"bash"}},
                             Dialected{Dialect::Ksh, {"ksh"}}, Dialected{Dialect::Mksh, {"mksh"}}}) {
    std::vector<std::string> labels;
    std::string original = blocks(tool, arguments, d.dialect, labels);
    RuleRun run = run_rule(code, "property.sh", original, d.dialect);
    REQUIRE(run.parse_error.empty());
    for (const Diagnostic& diagnostic : run.diagnostics) {
      if (!diagnostic.fix || diagnostic.fix->applicability != Applicability::Safe) continue;
      ++applied;
      guarded += diagnostic.fix->guarded ? 1 : 0;
    }
    std::string fixed = apply_fixes(original, run.diagnostics, Applicability::Safe);
    for (const std::string& shell : available_shells(d.shells)) {
      std::map<std::string, std::string> before = split_marked(run_shell(shell, dir.path(), original));
      std::map<std::string, std::string> after = split_marked(run_shell(shell, dir.path(), fixed));
      REQUIRE(before.size() == labels.size());
      for (size_t i = 0; i < labels.size(); ++i) {
        std::string key = std::to_string(i);
        INFO(shell << " (" << dialect_name(d.dialect) << "): " << labels[i]);
        CHECK(after[key] == before[key]);
      }
    }
  }
  return {applied, guarded};
}

TEST_CASE("FL305 safe fixes keep what cut prints on every value", "[fl305][property]") {
  auto [applied, guarded] = check_tool("FL305", "cut", kCutArguments);
  // Both kinds of rewrite ran: plain ones on the literals, guarded on `$1`.
  CHECK(applied > guarded);
  CHECK(guarded > 0);
}

TEST_CASE("FL311 safe fixes keep what awk prints on every value", "[fl311][property]") {
  auto [applied, guarded] = check_tool("FL311", "awk", kAwkArguments);
  CHECK(applied > guarded);
  CHECK(guarded > 0);
}

}  // namespace
}  // namespace forklift::testing
