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
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "analyzer/source_file.h"
#include "cli/app.h"
#include "cli/subcommands.h"
#include "interp/shell.h"

namespace forklift::cli {
namespace {

struct RunRequest {
  std::string command;  // -c text
  bool has_command = false;
  bool stats = false;
  std::string arg0;  // $0 of a script file, when not its path (scripts without #! run from a script)
  std::vector<std::string> operands;  // script and its arguments, or -c's $0 and arguments
};

struct RunJob {
  const RunRequest* request;
  int status = 0;
};

int run_interpreter(const RunRequest& request) {
  interp::Shell shell;
  std::string name, text;
  std::vector<std::string> args;
  if (request.has_command) {
    text = request.command;
    name = request.operands.empty() ? "forklift" : request.operands[0];
    if (request.operands.size() > 1) args.assign(request.operands.begin() + 1, request.operands.end());
  } else if (!request.operands.empty()) {
    name = request.operands[0];
    LoadResult loaded = load_source(name);
    if (!loaded.file) {
      std::fprintf(stderr, "forklift: %s\n", loaded.error.c_str());
      return 127;
    }
    if (!request.arg0.empty()) name = request.arg0;
    text = loaded.file->text();
    args.assign(request.operands.begin() + 1, request.operands.end());
  } else {
    name = "forklift";
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
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
  sub->add_option("-c", request->command, "Run CMDS instead of a script file ([ARG0 ARGS...] follow)");
  sub->add_flag("--stats", request->stats, "Print the number of processes spawned to stderr at exit");
  // Used by the interpreter itself to run a script that has no #! line.
  sub->add_option("--arg0", request->arg0, "$0 of the script file")->group("");
  sub->add_option("operands", request->operands, "SCRIPT [ARGS...]");
  sub->footer(
      "Environment:\n"
      "  FORKLIFT_RANDOM_SEED=N  seed RANDOM as if the script began with RANDOM=N: runs are\n"
      "                          reproducible and draw the same numbers as ksh93u+m after RANDOM=N");
  sub->prefix_command();
  sub->callback([request, sub, &status] {
    request->has_command = sub->count("-c") > 0;
    for (const std::string& extra : sub->remaining()) request->operands.push_back(extra);
    std::fflush(stdout);
    status = run_with_large_stack(*request);
  });
});

}  // namespace
}  // namespace forklift::cli
