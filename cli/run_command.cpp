// `forklift run`: the bundled ksh93-compatible interpreter. It runs on the
// large stack cli/main.cpp gives every command.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "analyzer/source_file.h"
#include "cli/app.h"
#include "cli/shell_invocation.h"
#include "cli/subcommands.h"
#include "interp/shell.h"
#include "interp/shell_options.h"

namespace forklift::cli {
namespace {

struct RunRequest {
  bool stats = false;
  std::string arg0;              // $0 of a script file, when not its path (scripts without #! run from a script)
  ShellInvocation invocation;    // the shell's own command line: options, then script or commands, arguments
};

void apply_options(interp::Shell& shell, const ShellInvocation& invocation) {
  for (const auto& [name, on] : invocation.options) {
    interp::OptionLookup found = interp::find_option(name);
    if (found.option != nullptr) interp::set_option(shell.options(), *found.option, on == found.on);
  }
}

int run_interpreter(const RunRequest& request) {
  // A shell takes every signal, whatever its parent blocked.
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_UNBLOCK, &all, nullptr);
  interp::Shell shell;
  apply_options(shell, request.invocation);
  shell.options().interactive = request.invocation.interactive;
  if (request.invocation.interactive) shell.options().monitor = true;  // as ksh93's -i
  shell.options().rc = request.invocation.read_env_file.value_or(request.invocation.interactive);
  const std::vector<std::string>& operands = request.invocation.operands;
  std::string name, text;
  std::vector<std::string> args;
  if (request.invocation.command) {
    text = operands[0];
    name = operands.size() > 1 ? operands[1] : "forklift";
    if (operands.size() > 2) args.assign(operands.begin() + 2, operands.end());
  } else if (!operands.empty() && !request.invocation.read_stdin) {
    name = operands[0];
    LoadResult loaded = load_source(name);
    if (!loaded.file && ::access(name.c_str(), F_OK) != 0) {
      // ksh93 runs an operand that names no file as a command line, with
      // the other operands as its arguments ($0 is the operand).
      text = name + " \"$@\"";
      args.assign(operands.begin() + 1, operands.end());
      return shell.run_script(name, std::move(text), std::move(args));
    }
    if (!loaded.file) {
      std::fprintf(stderr, "forklift: %s\n", loaded.error.c_str());
      return 127;
    }
    if (!request.arg0.empty()) name = request.arg0;
    text = loaded.file->text();
    args.assign(operands.begin() + 1, operands.end());
  } else {
    name = "forklift";
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    args = operands;
  }
  int status = shell.run_script(name, std::move(text), std::move(args));
  if (request.stats) {
    std::fprintf(stderr, "forklift: processes spawned: %ld\n", shell.processes_spawned());
  }
  return status;
}

const RegisterSubcommand kRegisterRun([](CLI::App& app, int& status) {
  auto request = std::make_shared<RunRequest>();
  CLI::App* sub = app.add_subcommand("run", "Run a ksh script with the bundled ksh93-compatible interpreter");
  sub->add_flag("--stats", request->stats, "Print the number of processes spawned to stderr at exit");
  // Used by the interpreter itself to run a script that has no #! line.
  sub->add_option("--arg0", request->arg0, "$0 of the script file")->group("");
  sub->footer(
      "After forklift's own options, the command line is ksh93's:\n"
      "  forklift run [-abCefnuvx] [-o NAME]... [--] SCRIPT [ARGS...]\n"
      "  forklift run [options] -c CMDS [ARG0 [ARGS...]]\n"
      "  forklift run [options] [-s] [ARGS...]      (commands from stdin)\n"
      "  -e -u -x -f -C -n -a -b -v and -o NAME (errexit, nounset, xtrace, noglob, noclobber, noexec,\n"
      "  allexport, notify, verbose, pipefail) set an option as `set` does; + turns it off; --NAME is -o NAME.\n"
      "  -i: interactive: a prompt ($PS1) on stderr before each command, and an error ends the command,\n"
      "  not the shell. -E/--rc and +E/--norc: whether to source the file $ENV names first (the\n"
      "  default for -i). There is no line editing, history or job control.\n"
      "\n"
      "Environment:\n"
      "  FORKLIFT_RANDOM_SEED=N  seed RANDOM as if the script began with RANDOM=N: runs are\n"
      "                          reproducible and draw the same numbers as ksh93u+m after RANDOM=N");
  sub->callback([request, &status] {
    std::string error;
    std::optional<ShellInvocation> invocation = parse_shell_invocation(shell_arguments(), error);
    if (!invocation) {
      std::fprintf(stderr, "forklift: run: %s\n", error.c_str());
      status = kExitUsage;
      return;
    }
    request->invocation = std::move(*invocation);
    std::fflush(stdout);
    status = run_interpreter(*request);
  });
});

}  // namespace
}  // namespace forklift::cli
