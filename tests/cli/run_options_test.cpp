// `forklift run` takes ksh93's own command line: option letters, -o NAME,
// -c and -s, compared with the installed ksh where there is one.
#include <catch2/catch.hpp>

#include <unistd.h>

#include "cli/shell_invocation.h"
#include "tests/cli/fix_samples.h"
#include "tests/rewriter/temp_dir.h"
#include "tests/support/required_tools.h"
#include "tests/support/run_forklift.h"

using forklift::cli::parse_shell_invocation;
using forklift::test::run_forklift;
using forklift::test::run_program;
using forklift::test::TempDir;
using forklift::test::write_file;

namespace {

struct Invocation {
  std::vector<std::string> args;  // after `run` / the shell's name
  std::string input;
};

// Each runs as `forklift run ARGS` and `ksh ARGS` in a directory holding
// script.ksh; stdout and exit status must agree.
const std::vector<Invocation> kInvocations = {
    {{"-e", "script.ksh"}, ""},
    {{"+e", "script.ksh", "one"}, ""},
    {{"-u", "-c", "echo ${unset_var}; echo not reached"}, ""},
    {{"-o", "pipefail", "-c", "false | true; echo $?"}, ""},
    {{"-o", "pipefail", "+o", "pipefail", "-c", "false | true; echo $?"}, ""},
    {{"-ec", "false; echo not reached"}, ""},
    {{"-c", "-e", "false; echo not reached"}, ""},
    {{"-f", "-c", "echo *"}, ""},
    {{"-n", "script.ksh"}, ""},
    {{"-n", "-c", "echo not run; exit 4"}, ""},
    {{"-c", "echo $0 $1 $#", "name", "a", "b"}, ""},
    {{"-s", "x", "y"}, "echo $1 $2 $#\n"},
    {{}, "echo from stdin; exit 5\n"},
    {{"--", "script.ksh", "-e"}, ""},
    {{"script.ksh", "-x"}, ""},
    {{"-x", "-c", "echo traced"}, ""},
    {{"-C", "-c", "echo a > f; echo b > f; cat f"}, ""},
    {{"-o", "noglob", "-c", "[[ -o noglob ]] && echo on"}, ""},
};

constexpr const char* kScript = "echo \"args: $*\"\nfalse\necho after false\nexit 3\n";

bool have_ksh() { return access("/usr/bin/ksh", X_OK) == 0; }

}  // namespace

TEST_CASE("run takes ksh's options, -c and -s as ksh does", "[cli][run]") {
  if (!have_ksh()) {
    forklift::test::skip_for_missing_tool("ksh93 is not installed: forklift run's command line is checked on its own");
  }
  for (const Invocation& invocation : kInvocations) {
    TempDir dir;
    write_file(dir.path() + "/script.ksh", kScript);
    std::vector<std::string> args{"run"};
    args.insert(args.end(), invocation.args.begin(), invocation.args.end());
    auto ours = run_forklift(args, invocation.input, dir.path());
    INFO("forklift " << Catch::Detail::stringify(args) << "\nstdout: " << ours.out << "\nstderr: " << ours.err);
    CHECK(ours.status >= 0);
    if (!have_ksh()) continue;
    TempDir ksh_dir;
    write_file(ksh_dir.path() + "/script.ksh", kScript);
    std::vector<std::string> command{"/usr/bin/ksh"};
    command.insert(command.end(), invocation.args.begin(), invocation.args.end());
    auto theirs = run_program(command, invocation.input, ksh_dir.path());
    INFO("ksh stdout: " << theirs.out << "\nksh stderr: " << theirs.err);
    CHECK(ours.out == theirs.out);
    CHECK(ours.status == theirs.status);
  }
}

TEST_CASE("run -x traces and -n runs nothing", "[cli][run]") {
  auto traced = run_forklift({"run", "-x", "-c", "echo traced"});
  CHECK(traced.out == "traced\n");
  CHECK(traced.err == "+ echo traced\n");
  auto checked = run_forklift({"run", "-n", "-c", "echo not run\nif then\n"});
  CHECK(checked.out.empty());
  CHECK(checked.status == 3);
  CHECK(checked.err.find("syntax error at line 2") != std::string::npos);
}

TEST_CASE("run refuses unknown and login options with a usage error", "[cli][run]") {
  auto unknown = run_forklift({"run", "-z", "-c", "echo hi"});
  CHECK(unknown.status == 2);
  CHECK(unknown.out.empty());
  CHECK(unknown.err == "forklift: run: -z: unknown option\n");
  auto bad_name = run_forklift({"run", "-o", "nosuch", "-c", "echo hi"});
  CHECK(bad_name.status == 2);
  CHECK(bad_name.err == "forklift: run: nosuch: unknown option\n");
  auto login = run_forklift({"run", "-l", "script.ksh"});
  CHECK(login.status == 2);
  CHECK(login.err == "forklift: run: -l: not supported by forklift run\n");
  auto no_commands = run_forklift({"run", "-c"});
  CHECK(no_commands.status == 2);
  CHECK(no_commands.err == "forklift: run: -c: the commands to run are missing\n");
}

TEST_CASE("the shell's options end at the first operand or at --", "[cli][run]") {
  std::string error;
  auto parsed = parse_shell_invocation({"-ex", "+o", "pipefail", "script", "-e", "--"}, error);
  REQUIRE(parsed);
  CHECK(parsed->options == std::vector<std::pair<std::string, bool>>{{"errexit", true}, {"xtrace", true},
                                                                     {"pipefail", false}});
  CHECK(parsed->operands == std::vector<std::string>{"script", "-e", "--"});
  auto after_dashes = parse_shell_invocation({"--", "-x"}, error);
  REQUIRE(after_dashes);
  CHECK(after_dashes->options.empty());
  CHECK(after_dashes->operands == std::vector<std::string>{"-x"});
  CHECK_FALSE(parse_shell_invocation({"-o"}, error));
  CHECK(error == "-o: option name missing");
}

TEST_CASE("the shell's --NAME is -o NAME; an unknown name or a start-up-only one is refused", "[cli][run]") {
  std::string error;
  auto parsed = parse_shell_invocation({"--pipefail", "--noglob", "-c", "true"}, error);
  REQUIRE(parsed);
  CHECK(parsed->options == std::vector<std::pair<std::string, bool>>{{"pipefail", true}, {"noglob", true}});
  CHECK_FALSE(parse_shell_invocation({"--bogus"}, error));
  CHECK(error == "--bogus: unknown option (forklift's own options come before the shell's)");
  CHECK_FALSE(parse_shell_invocation({"--login"}, error));
  auto ours = run_forklift({"run", "--pipefail", "-c", "false | true; echo $?"});
  CHECK(ours.out == "1\n");
}

TEST_CASE("run -v echoes the lines it reads to stderr as ksh does", "[cli][run]") {
  // Lines of the script (comments and blank lines too) before each command
  // runs; eval and trap text as it is; a sourced file whole.
  const std::string script =
      "# head\necho a\n\nif true; then\n  echo b # x\nfi\n. ./sourced.sh\neval 'echo e'\ntrap 'echo t' EXIT\n# end\n";
  TempDir dir;
  write_file(dir.path() + "/script.ksh", script);
  write_file(dir.path() + "/sourced.sh", "echo s1\n# sc\n");
  auto ours = run_forklift({"run", "-v", "script.ksh"}, "", dir.path());
  INFO(ours.err);
  CHECK(ours.out == "a\nb\ns1\ne\nt\n");
  CHECK(ours.err == script.substr(0, script.find(". ./")) + ". ./sourced.sh\necho s1\n# sc\neval 'echo e'\necho e" +
                        "trap 'echo t' EXIT\n# end\necho t");
  if (!have_ksh()) return;
  auto theirs = run_program({"/usr/bin/ksh", "-v", "script.ksh"}, "", dir.path());
  CHECK(ours.err == theirs.err);
}

TEST_CASE("run -i: an error ends the command, not the shell, and a prompt goes before each command", "[cli][run]") {
  auto errors = run_forklift({"run", "-i", "--norc"}, "typeset -i x=1/0\nprint hello\nif then\nprint after\n");
  CHECK(errors.status == 0);
  CHECK(errors.out == "hello\nafter\n");
  CHECK(errors.err.find("divide by zero") != std::string::npos);
  CHECK(errors.err.find("syntax error at line 3") != std::string::npos);
  CHECK(errors.err.find(geteuid() == 0 ? "# " : "$ ") != std::string::npos);
  auto script = run_forklift({"run"}, "typeset -i x=1/0\nprint hello\n");
  CHECK(script.status != 0);
  CHECK(script.out.empty());
  auto prompt = run_forklift({"run", "+E", "-i"}, "PS1='> '\nfalse\nexit\n");
  CHECK(prompt.status == 1);  // a bare exit passes the last status on
  CHECK(prompt.out.empty());
  // The first prompt is the default, as PS1 is set after it (ksh93 gives the same).
  CHECK(prompt.err == std::string(geteuid() == 0 ? "# " : "$ ") + "> > ");
  CHECK(run_forklift({"run", "-i", "--norc"}, "echo $-\n").out.find('i') != std::string::npos);
  CHECK(run_forklift({"run"}, "echo $-\n").out.find('i') == std::string::npos);
}

TEST_CASE("run -E, --rc and -i read the file $ENV names first; +E, --norc and scripts do not", "[cli][run]") {
  TempDir dir;
  std::string rc = dir.path() + "/rc";
  write_file(rc, "function env_hit { print OK; }\n");
  forklift::test::Environment env{{"ENV", rc}};
  for (std::vector<std::string> reads : {std::vector<std::string>{"-E"}, {"--rc"}, {"-i"}}) {
    INFO(reads[0]);
    reads.insert(reads.begin(), "run");
    CHECK(run_forklift(reads, "env_hit\n", "", env).out == "OK\n");
  }
  for (std::vector<std::string> skips : {std::vector<std::string>{}, {"+E"}, {"--norc"}, {"-i", "+E"}}) {
    INFO(skips.size());
    skips.insert(skips.begin(), "run");
    CHECK(run_forklift(skips, "env_hit\n", "", env).out.empty());
  }
}

// Polls `jobs` (into a file: the same shell) until it reports a job done.
TEST_CASE("run: with monitor on, as -i sets it, jobs says how each finished job ended", "[cli][run]") {
  std::string poll = "i=0; while (( i++ < 100 )); do jobs > out; grep -q Running out || break; sleep .05; done; cat out";
  auto exited = run_forklift({"run", "-c", "set -o monitor; sh -c 'exit 3' & sh -c 'kill -9 $$' & " + poll});
  CHECK(exited.out == "[2] + Killed                   <command unknown>\n"
                      "[1] -  Done(3)                 <command unknown>\n");
  auto interactive = run_forklift({"run", "-i", "--norc", "-c", "true & " + poll});
  CHECK(interactive.out == "[1] +  Done                    <command unknown>\n");
  auto script = run_forklift({"run", "-c", "sleep 0 & sleep .2; jobs"});
  CHECK(script.out == "[1] +  Running                 <command unknown>\n");
}
