// The forklift binary: what holds for every subcommand is set up here, once.
//
// mimalloc replaces operator new and delete for the whole binary (the
// interpreter and the linter allocate many small nodes and strings). Under
// AddressSanitizer every allocation must go through its allocator instead:
// abseil's tables poison their empty slots, and on memory ASan does not own
// that poison outlives the free and trips the next owner of the block.
#if !defined(__SANITIZE_ADDRESS__)
#include <mimalloc-new-delete.h>
#endif
#include <pthread.h>
#include <signal.h>

#include <cstddef>

#include "cli/app.h"

namespace {

// Deep recursion in scripts (ksh allows thousands of nested function calls)
// needs more stack than the main thread has; the pages are only touched as used.
constexpr size_t kStackBytes = 512u << 20;

struct Invocation {
  int argc;
  char** argv;
  sigset_t signal_mask;  // the one the process started with
  int status = 0;
};

void* run_command(void* arg) {
  auto* invocation = static_cast<Invocation*>(arg);
  pthread_sigmask(SIG_SETMASK, &invocation->signal_mask, nullptr);
  invocation->status = forklift::cli::run(invocation->argc, invocation->argv);
  return nullptr;
}

}  // namespace

// The command runs on a thread with a large stack. The main thread blocks
// every signal, so signals go to the command's thread: the interpreter
// handles `kill -USR1 $$` before kill returns, as a single-threaded shell does.
int main(int argc, char** argv) {
  Invocation invocation{argc, argv, {}};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  sigset_t all;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &invocation.signal_mask);
  pthread_t thread;
  bool started = pthread_create(&thread, &attr, run_command, &invocation) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    pthread_sigmask(SIG_SETMASK, &invocation.signal_mask, nullptr);
    return forklift::cli::run(argc, argv);
  }
  pthread_join(thread, nullptr);
  pthread_sigmask(SIG_SETMASK, &invocation.signal_mask, nullptr);
  return invocation.status;
}
