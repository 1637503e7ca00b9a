// Guarded rewrites (rules/guarded_rewrite.h) on values no fact is known of:
// each snippet reads a value from `$1`, so the rules cannot prove what their
// plain rewrite needs and the safe fix is a `case` that keeps the original
// command for the values it names. The original and the guarded rewrite run
// under dash, bash, ksh93 and mksh (and the bundled interpreter) on values
// chosen to hit every trap (empty, newlines, echo's options, backslashes,
// globs, slashes, `&`, UTF-8) and must print the same and leave the same
// status, `set -e` included.
#include <catch2/catch.hpp>

#include <fstream>
#include <future>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/script_runner.h"
#include "harness/verify/run_comparison.h"
#include "rewriter/fix_loop.h"
#include "rules/linter.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"

using namespace forklift;
using namespace forklift::test;

namespace {

const std::vector<std::string>& values() {
  static const std::vector<std::string> list = {
      "",       "plain",   "a\nb",    "ab\n",    "\n",      "a\n\n",   "-n",      "-e",       "-E",     "-neE",
      "-",      "--",      "-x/y",    "-n\n",    "a\\nb",   "a\\\\b",  "a\\cb",   "\\",       "\\n",    "*",
      "a?[b]",  "[!a]*",   "/",       "//",      "///",     "a/",      "/a",      "/a/",      "a//b",   "/a/b/c",
      "a/b.sh", ".sh",     "x.sh/",   "&",       "x&y",     "k=v=w",   "a:b:c",   ":",        " sp ",   "a\tb",
      "X",      "Xa",      "ab",      "b",       "\xc3\xa9/\xc3\xbc", "\xc3\xa9", "a\n/b", "a/b\n", "-n/a",
  };
  return list;
}

struct Snippet {
  std::string code;     // the rule whose safe fix is guarded
  std::string text;     // reads `$v` (or `$1`), assigns `r`
  bool set_e = false;   // also run under `set -e`
  bool in_sh = true;    // FL303 has no POSIX sh form for some programs (`g` on a pattern, `&`)
};

const std::vector<Snippet>& snippets() {
  static const std::vector<Snippet> list = {
      {"FL303", "r=$(echo \"$v\" | sed 's,/[^/]*$,,')", true},
      {"FL303", "r=$(echo \"$v\" | sed 's/=.*//')"},
      {"FL303", "r=$(echo \"$v\" | sed 's/a/&&/g')", false, false},
      {"FL303", "r=$(echo \"$v\" | sed 's/a/&/')"},
      {"FL303", "r=`echo \"$v\" | sed 's/^X//'`"},
      {"FL303", "r=$(printf %s \"$v\" | sed 's/b$/E/')"},
      {"FL303", "r=$(printf '%s\\n' \"$v\" | sed 's/ *$//')"},
      {"FL303", "r=$(echo \"$1\" | sed 's/-/_/g')", false, false},
      {"FL303", "r=$(echo \"$1\" | sed 's/-/_/')"},
      {"FL305", "r=$(echo \"$v\" | cut -d: -f1)", true},
      {"FL305", "r=$(echo \"$v\" | cut -d/ -f2)"},
      {"FL305", "r=$(printf '%s\\n' \"$v\" | cut -d: -f2-)"},
      {"FL310", "r=$(echo \"$v\" | grep -v b)", true},
      {"FL310", "r=$(echo \"$v\" | grep '^a')"},
      // Tested: the guard wraps the pipeline where its status is read.
      {"FL310", "if echo \"$v\" | grep -q b; then r=yes; else r=no; fi", true},
      {"FL310", "r=no; ! echo $v | grep 'b$' > /dev/null && r=yes"},
      {"FL310", "r=no; echo \"$v\" | grep -qv '^a' || r=yes"},
      // The assignment holding the substitution assigns after it runs.
      {"FL303", "v=$(echo \"$v\" | sed 's,/[^/]*$,,')/x; r=$v", true},
      {"FL301", "r=$(basename \"$v\")", true},
      {"FL301", "r=$(basename \"$v\" .sh)"},
      {"FL301", "r=\"$(basename \"$1\")\""},
      {"FL302", "r=$(dirname \"$v\")", true},
      {"FL302", "r=\"$(dirname \"$1\")\""},
  };
  return list;
}

std::string single_quoted(const std::string& value) {
  std::string quoted = "'";
  for (char c : value) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// One block per snippet, value and mode, each in its own subshell; `$?`
// right after the statement and the value printed byte for byte.
struct Script {
  std::string text;
  std::vector<std::string> labels;
};

Script script_for(const std::string& shebang, const Snippet& snippet) {
  Script script{shebang + "\n", {}};
  for (const std::string& value : values()) {
    for (bool set_e : {false, true}) {
      if (set_e && !snippet.set_e) continue;
      size_t block = script.labels.size();
      script.labels.push_back(fmt::format("{}{} on {}", set_e ? "set -e; " : "", snippet.text, single_quoted(value)));
      script.text += fmt::format("echo '== {}'\n( {}set -- {}; v=$1\n{}\nprintf 'st=%s [%s]\\n' \"$?\" \"$r\" ) 2>/dev/null\necho \"status $?\"\n",
                                 block, set_e ? "set -e; " : "", single_quoted(value), snippet.text);
    }
  }
  return script;
}

std::string safe_fix(const std::string& text, const std::string& code) {
  LintOptions options;
  options.rules.select = {code};
  FixLoopResult result = run_fix_loop(SourceFile("guarded.sh", text), FixLoopOptions{false},
                                      [&](const SourceFile& file) { return lint_source(file, options); });
  INFO(code << ": " << (result.failure ? result.failure->detail : ""));
  REQUIRE(!result.failure);
  return result.text;
}

std::map<std::string, std::string> blocks_of(const std::string& output) {
  std::map<std::string, std::string> blocks;
  std::string* current = nullptr;
  for (size_t start = 0; start < output.size();) {
    size_t stop = output.find('\n', start);
    if (stop == std::string::npos) stop = output.size();
    std::string line = output.substr(start, stop - start);
    if (line.starts_with("== ")) {
      current = &blocks[line.substr(3)];
    } else if (current != nullptr) {
      *current += line + "\n";
    }
    start = stop + 1;
  }
  return blocks;
}

std::map<std::string, std::string> run_blocks(const std::string& shell, const std::string& path) {
  harness::ScriptRun run;
  run.shell = shell;
  run.script = path;
  run.script_name = "guarded.sh";
  run.forklift_binary = FORKLIFT_BINARY;
  run.count_processes = false;
  run.timeout = std::chrono::seconds(300);
  harness::RunOutcome outcome = harness::run_script(run);
  INFO(shell << " " << path << ": " << outcome.error);
  REQUIRE(outcome.ran);
  return blocks_of(outcome.out);
}

struct DialectShells {
  std::string dialect;
  std::vector<std::string> shells;
};

}  // namespace

TEST_CASE("guarded safe fixes keep what the original prints and its status on every value", "[fix][guarded]") {
  const std::vector<DialectShells> dialects = {
      {"sh", {"dash", "bash", "ksh93", "mksh", "forklift"}},
      {"bash", {"bash"}},
      {"ksh", {"ksh93", "forklift"}},
      {"mksh", {"mksh"}},
  };
  for (const char* shell : {"dash", "bash", "ksh93", "mksh"}) {
    if (!installed(shell)) skip_for_missing_tool(std::string(shell) + " is not installed");
  }
  std::vector<std::string> failures;
  for (const DialectShells& d : dialects) {
    for (const Snippet& snippet : snippets()) {
      if (!snippet.in_sh && d.dialect == "sh") continue;
      Script original = script_for("#!/bin/" + d.dialect, snippet);
      std::string fixed = safe_fix(original.text, snippet.code);
      INFO(d.dialect << ": " << snippet.text);
      // Every block's statement became a guard, and fixing again changes nothing.
      size_t guards = 0;
      for (size_t at = fixed.find(" ;; *) "); at != std::string::npos; at = fixed.find(" ;; *) ", at + 1)) ++guards;
      CHECK(guards >= original.labels.size());
      CHECK(safe_fix(fixed, snippet.code) == fixed);
      TempDir dir;
      std::ofstream(dir.path() + "/original.sh") << original.text;
      std::ofstream(dir.path() + "/fixed.sh") << fixed;
      for (const std::string& shell : d.shells) {
        if (shell != "forklift" && !installed(shell)) continue;
        auto before_run = std::async(std::launch::async, run_blocks, shell, dir.path() + "/original.sh");
        std::map<std::string, std::string> after = run_blocks(shell, dir.path() + "/fixed.sh");
        std::map<std::string, std::string> before = before_run.get();
        CHECK(before.size() == original.labels.size());
        for (size_t i = 0; i < original.labels.size(); ++i) {
          std::string key = std::to_string(i);
          if (after[key] != before[key]) {
            failures.push_back(fmt::format("{} ({}) [{}]: original {:?}, guarded {:?}", shell, d.dialect,
                                           original.labels[i], before[key], after[key]));
          }
        }
      }
    }
  }
  INFO(fmt::format("{}", fmt::join(failures, "\n")));
  CHECK(failures.empty());
}

namespace {

// A piped value whose facts are proven but that may be unset under `set -u`:
// the original fails only inside `$( )` or its pipeline and the script goes
// on, so no rewrite (which reads the value in the shell itself, or not at
// all: `wc -l` of one line is `1`) is safe. The same statement on a value
// assigned on every path is.
struct NounsetCase {
  std::string code;
  std::string dialect;
  std::string value;      // assigned to both `$v` and `$w`
  std::string statement;  // reads `$v`, assigns `r` (or tests)
};

const std::vector<NounsetCase>& nounset_cases() {
  static const std::vector<NounsetCase> list = {
      {"FL303", "sh", "a:b", "r=$(echo \"$v\" | sed 's/a/b/')"},
      {"FL305", "sh", "a:b", "r=$(echo \"$v\" | cut -d: -f2)"},
      {"FL306", "sh", "a:b", "r=$(printf %s \"$v\" | wc -m)"},
      {"FL310", "sh", "a:b", "r=$(echo \"$v\" | grep b)"},
      {"FL310", "sh", "a:b", "if echo \"$v\" | grep -q b; then r=yes; else r=no; fi"},
      {"FL310", "bash", "a:b", "if echo \"$v\" | grep -q b; then r=yes; else r=no; fi"},
      {"FL311", "sh", "a:b", "r=$(echo \"$v\" | awk -F: '{print $1}')"},
      {"FL311", "sh", "a:b", "r=$(echo \"$v\" | awk -F: '{print $2}')"},
      {"FL311", "bash", "a b", "r=$(echo \"$v\" | awk '{print $2}')"},
      {"FL312", "sh", "a:b", "r=$(echo \"$v\" | wc -l)"},
      {"FL312", "sh", "a:b", "r=$(echo \"$v\" | head -n1)"},
      {"FL312", "bash", "a:b", "r=$(echo \"$v\" | tail -n1)"},
      {"FL313", "bash", "a:b", "r=$(echo \"$v\" | tr -d :)"},
      {"FL313", "ksh", "a:b", "r=$(echo \"$v\" | tr : _)"},
  };
  return list;
}

std::string with_w(std::string text) {
  for (size_t at = text.find("$v"); at != std::string::npos; at = text.find("$v", at)) text.replace(at, 2, "$w");
  return text;
}

}  // namespace

TEST_CASE("under set -u, a piped value that may be unset gets a fix guarded on ${v-}; one set on every path a plain one",
          "[fix][nounset]") {
  for (const char* shell : {"dash", "bash", "ksh93", "mksh"}) {
    if (!installed(shell)) skip_for_missing_tool(std::string(shell) + " is not installed");
  }
  const std::map<std::string, std::vector<std::string>> shells = {
      {"sh", {"dash", "bash", "ksh93", "mksh", "forklift"}}, {"bash", {"bash"}}, {"ksh", {"ksh93", "forklift"}}};
  std::vector<std::string> failures;
  for (const NounsetCase& c : nounset_cases()) {
    std::string text = fmt::format(
        "#!/bin/{0}\nset -u\nv='{1}'\n[ \"${{1-}}\" = unset ] && unset v\n{2}\necho \"st=$? [$r]\"\n"
        "w='{1}'\n{3}\necho \"st=$? [$r]\"\n",
        c.dialect, c.value, c.statement, with_w(c.statement));
    INFO(c.code << " (" << c.dialect << "): " << c.statement);
    LintOptions options;
    options.rules.select = {c.code};
    LintResult lint = lint_source(SourceFile("nounset.sh", text), options);
    const Diagnostic* maybe_unset = nullptr;
    const Diagnostic* set = nullptr;
    uint32_t w_line = static_cast<uint32_t>(text.find("\nw="));
    for (const Diagnostic& d : lint.diagnostics) (d.begin < w_line ? maybe_unset : set) = &d;
    REQUIRE(maybe_unset != nullptr);
    REQUIRE(set != nullptr);
    REQUIRE(maybe_unset->fix);
    // Guarded on `${v-}` where the rule guards (an unset `$v` keeps the original command), unsafe elsewhere.
    if (maybe_unset->fix->applicability == Applicability::Safe) {
      CHECK(maybe_unset->fix->guarded);
      CHECK(maybe_unset->fix->reason.find("unset") != std::string::npos);
    } else {
      CHECK(maybe_unset->fix->reason.find("with `set -u`, an unset `$v` ends the script") != std::string::npos);
    }
    REQUIRE(set->fix);
    CHECK(set->fix->applicability == Applicability::Safe);
    std::string fixed = safe_fix(text, c.code);
    CHECK(fixed != text);
    TempDir dir;
    std::ofstream(dir.path() + "/original.sh") << text;
    std::ofstream(dir.path() + "/fixed.sh") << fixed;
    for (const std::string& shell : shells.at(c.dialect)) {
      if (shell != "forklift" && !installed(shell)) continue;
      for (const char* arg : {"set", "unset"}) {
        auto run = [&](const std::string& path) {
          harness::ScriptRun r;
          r.shell = shell;
          r.script = path;
          r.args = {arg};
          r.script_name = "nounset.sh";
          r.forklift_binary = FORKLIFT_BINARY;
          r.count_processes = false;
          harness::RunOutcome outcome = harness::run_script(r);
          return fmt::format("{} status {}", outcome.out, outcome.exit_status);
        };
        std::string before = run(dir.path() + "/original.sh"), after = run(dir.path() + "/fixed.sh");
        if (before != after) {
          failures.push_back(fmt::format("{} {} [{}] {}: original {:?}, fixed {:?}", c.code, shell, arg, c.statement,
                                         before, after));
        }
      }
    }
  }
  INFO(fmt::format("{}", fmt::join(failures, "\n")));
  CHECK(failures.empty());
}
