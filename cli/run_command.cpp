// `forklift run`: the bundled ksh93-compatible interpreter.
// Under AddressSanitizer every allocation must go through its allocator:
// abseil's tables poison their empty slots, and on memory ASan does not own
// that poison outlives the free and trips the next owner of the block.
#if !defined(__SANITIZE_ADDRESS__)
#include <mimalloc-new-delete.h>
#endif
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

struct RunJob {
  const RunRequest* request;
  int status = 0;
};

void apply_options(interp::Shell& shell, const ShellInvocation& invocation) {
  for (const auto& [name, on] : invocation.options) {
    if (const interp::OptionName* option = interp::find_option(name)) shell.options().*option->field = on;
  }
}

int run_interpreter(const RunRequest& request) {
  interp::Shell shell;
  apply_options(shell, request.invocation);
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

void* run_on_big_stack(void* arg) {
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_UNBLOCK, &all, nullptr);
  auto* job = static_cast<RunJob*>(arg);
  job->status = run_interpreter(*job->request);
  return nullptr;
}

// Deep recursion in scripts (ksh allows thousands of nested function calls)
// needs more stack than the main thread has.
int run_with_large_stack(const RunRequest& request) {
  constexpr size_t kStackBytes = 512u << 20;
  RunJob job{&request};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  // Signals go to the interpreter's thread, so `kill -USR1 $$` is handled
  // before kill returns, as in a single-threaded shell.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  pthread_t thread;
  if (pthread_create(&thread, &attr, run_on_big_stack, &job) != 0) {
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    pthread_attr_destroy(&attr);
    return run_interpreter(request);
  }
  pthread_attr_destroy(&attr);
  pthread_join(thread, nullptr);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return job.status;
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
      "  allexport, notify, verbose, pipefail) set an option as `set` does; + turns it off.\n"
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
    status = run_with_large_stack(*request);
  });
});

}  // namespace
}  // namespace forklift::cli
