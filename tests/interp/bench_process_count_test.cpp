#include "interp/bench/process_count.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <catch2/catch.hpp>

using forklift::interp::bench::CountedRun;
using forklift::interp::bench::process_counting_available;
using forklift::interp::bench::read_counted_report;
using forklift::interp::bench::run_counted;
using forklift::interp::bench::spawn_counted;

namespace {

// Where the kernel refuses user or PID namespaces there is nothing to count.
bool counting_or_skip() {
  std::string why;
  if (process_counting_available(&why)) return true;
  WARN("skipped: process counting is not available here: " << why);
  return false;
}

CountedRun counted_sh(const std::string& script) {
  auto run = run_counted({"sh", "-c", script});
  REQUIRE(run);
  return *run;
}

}  // namespace

TEST_CASE("process counting counts each command a shell forks") {
  if (!counting_or_skip()) return;
  CountedRun run = counted_sh("/bin/true; /bin/true; exit 0");
  CHECK(run.status == 0);
  CHECK(run.processes == 2);
  CHECK(counted_sh("for i in 1 2 3 4 5; do /bin/true; done; exit 0").processes == 5);
}

TEST_CASE("process counting gives zero for a script of builtins and keeps its status") {
  if (!counting_or_skip()) return;
  CountedRun run = counted_sh("x=$((6 * 7)); test $x = 42 && exit 3");
  CHECK(run.status == 3);
  CHECK(run.processes == 0);
}

TEST_CASE("process counting waits for orphans and counts them") {
  if (!counting_or_skip()) return;
  // The shell exits at once; its background subshell and the two commands it
  // runs are reparented to the reaper, which waits for them.
  CountedRun run = counted_sh("(sleep 0.1; /bin/true; exit 0) & exit 0");
  CHECK(run.status == 0);
  CHECK(run.processes == 3);
}

TEST_CASE("process counting reports death by a signal as a shell does") {
  if (!counting_or_skip()) return;
  CountedRun run = counted_sh("kill -9 $$");
  CHECK(run.status == 128 + SIGKILL);
  CHECK(run.processes == 0);
}

TEST_CASE("process counting reports 127 for a command that cannot be run") {
  if (!counting_or_skip()) return;
  auto run = run_counted({"/nonexistent/forklift-test-command"});
  REQUIRE(run);
  CHECK(run->status == 127);
  CHECK(run->processes == 0);
}

TEST_CASE("process counting sees the tree's CPU time") {
  if (!counting_or_skip()) return;
  // A busy loop in a grandchild: its time reaches us only through the reaper.
  CountedRun run = counted_sh("sh -c 'i=0; while [ $i -lt 200000 ]; do i=$((i + 1)); done'; exit 0");
  CHECK(run.processes == 1);
  CHECK(run.usage.ru_utime.tv_sec * 1000000 + run.usage.ru_utime.tv_usec > 0);
}

TEST_CASE("killing the reaper ends the whole tree") {
  if (!counting_or_skip()) return;
  int out[2];
  REQUIRE(pipe(out) == 0);
  // Two sleepers hold the pipe's write end; EOF comes only once both are dead.
  auto spawn = spawn_counted([&out] {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", "sleep 60 & sleep 60", static_cast<char*>(nullptr));
  });
  REQUIRE(spawn);
  close(out[1]);
  kill(spawn->reaper, SIGKILL);
  int status = 0;
  REQUIRE(waitpid(spawn->reaper, &status, 0) == spawn->reaper);
  CHECK(WIFSIGNALED(status));
  pollfd ready{out[0], POLLIN, 0};
  REQUIRE(poll(&ready, 1, 20000) == 1);  // a safety limit, not a timing check
  char byte;
  CHECK(read(out[0], &byte, 1) == 0);
  close(out[0]);
  CHECK_FALSE(read_counted_report(*spawn));
}
