// Fixes keep behaviour: each snippet runs before and after its rule's safe
// fixes (unsafe ones too where the snippet says so) under the real shells of
// its dialect; stdout and exit status must match. Shells missing from the
// machine are skipped (a failure under FORKLIFT_REQUIRE_TOOLS=1).
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "rule_golden_support.h"
#include "tests/support/required_tools.h"

namespace forklift::testing {
namespace {

struct Snippet {
  const char* code;
  Dialect dialect;
  const char* text;
  // Unsafe fixes are included for snippets on inputs where they are meant to hold.
  Applicability weakest = Applicability::Safe;
};

constexpr Snippet kSnippets[] = {
    {"FL101", Dialect::Sh, "i=0\nwhile [ $i -lt 5 ]; do\n  i=`expr $i + 1`\n  echo $i\ndone\n"},
    {"FL101", Dialect::Sh, "x=$(expr 010 + 1)\ny=$(expr \\( $x + 3 \\) \\* 2)\necho $x $y $(expr $y \\> 5)\n"},
    {"FL101", Dialect::Sh, "set -e\nn=0\nn=$(expr $n + 1)\necho survived $n\n"},
    {"FL102", Dialect::Bash, "n=42\necho $(expr length \"$n\") $(expr substr \"$n\" 2 1)\n"},
    {"FL103", Dialect::Sh, "a=6\nb=$(echo \"$a * 7 - 10 % 4\" | bc)\necho $b $(echo \"010 + 1\" | bc)\n"},
    {"FL103", Dialect::Ksh,
     "loop=0\nwhile [ $loop -lt 3 ]\ndo\n  bc <<E >/dev/null\n100/100*100/100* \\\n100/100\nE\n  loop=`expr ${loop} + 1`\ndone\n"
     "echo $loop\n"},
    {"FL105", Dialect::Bash, "let a=1 b=2\nlet \"c = a + b\"\necho $a $b $c\n"},
    {"FL106", Dialect::Bash, "i=4\necho $[i * 2 + 1]\n"},
    {"FL107", Dialect::Sh, "i=3\necho $(( $i * 2 )) $(( 10 - ${i} ))\n"},
    {"FL201", Dialect::Sh, "x=`echo \\`echo inner\\``\nh=`echo \\$HOME`\nm=\"day `echo \\`echo x\\``\"\necho \"$x $h $m\"\n"},
    {"FL202", Dialect::Sh, "g=$(echo hello)\nn=5\nc=$(echo \"$n\")\necho $g $c\n"},
    {"FL306", Dialect::Sh, "id=1234\necho $(echo \"$id\" | wc -c) $(printf %s \"$id\" | wc -c)\n"},
    {"FL401", Dialect::Bash, "printf 'a\\nb\\n\\n' > t.txt\nx=$(cat t.txt)\necho \"[$x]\"\n"},
    {"FL403", Dialect::Bash, "for i in $(seq 5 1); do echo $i; done\nfor j in $(seq 3); do echo $j; done\n"
                             "for k in $(seq 10 -3 1); do echo $k; done\n"},
    {"FL403", Dialect::Sh, "for i in $(seq 2 4); do\n  echo $i\ndone\n"},
    {"FL406", Dialect::Sh, "v='say \"hi\" \\\\n'\nfor i in 1 2; do\n  cat <<EOF >&2\n$i: $v \\\"q\\\" \\$v\nEOF\ndone 2>&1\n"},
    {"FL406", Dialect::Mksh, "for i in 1 2; do\n\tcat <<-'EOF'\n\t\t$i `x` \\\n\tEOF\ndone\n"},
    {"FL104", Dialect::Ksh, "done=3\nall=7\necho $(echo \"scale=2; $done * 100 / $all\" | bc) $(echo \"scale=3; 22/7\" | bc)\n",
     Applicability::Unsafe},
};

std::vector<const char*> shells_for(Dialect dialect) {
  switch (dialect) {
    case Dialect::Sh: return {"dash", "bash", "ksh"};
    case Dialect::Bash: return {"bash"};
    case Dialect::Ksh: return {"ksh"};
    case Dialect::Mksh: return {"mksh"};
  }
  return {};
}

// stdout followed by the exit status.
std::string run_in(const char* shell, const std::filesystem::path& dir, const std::string& script) {
  std::ofstream(dir / "script.sh", std::ios::binary) << script;
  std::string command = "cd '" + dir.string() + "' && " + shell + " script.sh 2>/dev/null; echo \"status=$?\"";
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  pclose(pipe);
  return out;
}

// Fixes until nothing changes (a fix can make another one safe).
std::string fixed(const Snippet& snippet) {
  std::string text = snippet.text;
  for (int round = 0; round < 5; ++round) {
    RuleRun run = run_rule(snippet.code, "snippet.sh", text, snippet.dialect);
    REQUIRE(run.parse_error.empty());
    std::string next = apply_fixes(text, run.diagnostics, snippet.weakest);
    if (next == text) break;
    text = next;
  }
  return text;
}

TEST_CASE("safe fixes keep stdout and exit status under the real shells") {
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("forklift-differential-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  for (const Snippet& snippet : kSnippets) {
    std::string after = fixed(snippet);
    INFO(snippet.code << "\n--- original\n" << snippet.text << "--- fixed\n" << after);
    CHECK(after != snippet.text);
    for (const char* shell : shells_for(snippet.dialect)) {
      if (!forklift::test::installed(shell)) {
        forklift::test::skip_for_missing_tool(std::string(shell) + " is not installed");
        continue;
      }
      INFO("shell " << shell);
      CHECK(run_in(shell, dir, after) == run_in(shell, dir, snippet.text));
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace forklift::testing
