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
