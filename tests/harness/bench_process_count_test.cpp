#include "harness/bench/process_count.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <catch2/catch.hpp>

#include "tests/support/required_tools.h"

using forklift::harness::bench::CountedRun;
using forklift::harness::bench::process_counting_available;
using forklift::harness::bench::read_counted_report;
using forklift::harness::bench::run_counted;
using forklift::harness::bench::spawn_counted;
using forklift::harness::bench::spawn_exec_counted;

namespace {

// Where the kernel refuses user or PID namespaces there is nothing to count.
bool counting_or_skip() {
  std::string why;
  if (process_counting_available(&why)) return true;
  forklift::test::skip_for_missing_tool("process counting is not available here: " + why);
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

namespace {

std::string read_all_from(int fd) {
  std::string text;
  char buffer[256];
  ssize_t n;
  while ((n = read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(n));
  return text;
}

}  // namespace

TEST_CASE("a counted exec runs in its directory with its environment and output") {
  if (!counting_or_skip()) return;
  int out[2];
  REQUIRE(pipe2(out, O_CLOEXEC) == 0);
  forklift::harness::bench::CountedExec exec;
  exec.argv = {"/bin/sh", "-c", "pwd; echo \"$GREETING\"; /bin/true; exit 0"};
  exec.env = {"PATH=/usr/bin:/bin", "GREETING=hello"};
  exec.cwd = "/tmp";
  exec.stdout_fd = out[1];
  auto spawn = spawn_exec_counted(exec, forklift::harness::bench::Leftovers::Wait);
  REQUIRE(spawn);
  close(out[1]);
  std::string printed = read_all_from(out[0]);
  close(out[0]);
  int status = 0;
  REQUIRE(waitpid(spawn->reaper, &status, 0) == spawn->reaper);
  auto report = read_counted_report(*spawn);
  REQUIRE(report);
  CHECK(printed == "/tmp\nhello\n");
  CHECK(WIFEXITED(report->wait_status));
  CHECK(report->processes == 1);
}

TEST_CASE("a counted exec can kill what the command leaves running") {
  if (!counting_or_skip()) return;
  char dir_template[] = "/tmp/forklift-bench-test-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  std::string dir = dir_template;
  forklift::harness::bench::CountedExec exec;
  // Left to run, the background job would write the marker a moment later.
  exec.argv = {"/bin/sh", "-c", "(sleep 1; echo late > marker) & exit 0"};
  exec.env = {"PATH=/usr/bin:/bin"};
  exec.cwd = dir;
  auto spawn = spawn_exec_counted(exec, forklift::harness::bench::Leftovers::Kill);
  REQUIRE(spawn);
  int status = 0;
  REQUIRE(waitpid(spawn->reaper, &status, 0) == spawn->reaper);
  auto report = read_counted_report(*spawn);
  REQUIRE(report);
  CHECK(report->processes >= 1);  // the subshell, and the sleep if it got that far
  CHECK(access((dir + "/marker").c_str(), F_OK) != 0);
  rmdir(dir.c_str());
}
