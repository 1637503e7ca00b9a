#include <catch2/catch.hpp>

#include <future>

#include "lsp/analysis_scheduler.h"

using forklift::lsp::AnalysisScheduler;
using namespace std::chrono_literals;

TEST_CASE("a newer job for the same document replaces the one still waiting", "[lsp][scheduler]") {
  AnalysisScheduler scheduler;
  std::mutex mutex;
  std::vector<std::string> ran;
  std::promise<void> done;
  auto record = [&](std::string what) {
    std::lock_guard lock(mutex);
    ran.push_back(std::move(what));
  };
  scheduler.schedule("a", 10s, [&] { record("a1"); });
  scheduler.schedule("b", 0ms, [&] { record("b1"); });
  scheduler.schedule("a", 0ms, [&] {
    record("a2");
    done.set_value();
  });
  done.get_future().wait();
  scheduler.stop();
  std::sort(ran.begin(), ran.end());
  CHECK(ran == std::vector<std::string>{"a2", "b1"});
}

TEST_CASE("cancelled and pending jobs never run, and stop waits for the running job", "[lsp][scheduler]") {
  AnalysisScheduler scheduler;
  std::atomic<int> runs = 0;
  std::promise<void> started;
  std::promise<void> release;
  auto released = release.get_future().share();
  scheduler.schedule("x", 10s, [&] { ++runs; });
  scheduler.cancel("x");
  scheduler.schedule("y", 0ms, [&] {
    started.set_value();
    released.wait();
    ++runs;
  });
  started.get_future().wait();
  scheduler.schedule("z", 10s, [&] { ++runs; });
  release.set_value();
  scheduler.stop();
  CHECK(runs == 1);
  scheduler.schedule("w", 0ms, [&] { ++runs; });
  CHECK(runs == 1);
}

TEST_CASE("a debounced job waits only inside a burst of edits or behind a running job", "[lsp][scheduler]") {
  using forklift::lsp::debounced_due;
  auto now = AnalysisScheduler::Clock::now();
  CHECK(debounced_due(now, std::nullopt, 20ms, false) == now);
  CHECK(debounced_due(now, now - 50ms, 20ms, false) == now);
  CHECK(debounced_due(now, now - 5ms, 20ms, false) == now + 20ms);
  CHECK(debounced_due(now, std::nullopt, 20ms, true) == now + 20ms);
  CHECK(debounced_due(now, now - 50ms, 20ms, true) == now + 20ms);
}

TEST_CASE("the first debounced job of a quiet document runs without waiting for its delay", "[lsp][scheduler]") {
  AnalysisScheduler scheduler;
  std::promise<void> done;
  scheduler.schedule_debounced("a", 1h, [&] { done.set_value(); });
  // With the delay honoured the job would run after an hour: any bound far
  // below that tells the two apart without timing anything.
  CHECK(done.get_future().wait_for(5min) == std::future_status::ready);
  scheduler.stop();
}

// The worker sleeps until the earliest job is due; cancelling or stopping
// meanwhile frees that job's entry, which the waiting worker must not read.
TEST_CASE("a job cancelled while the worker waits for it is not read again", "[lsp][scheduler]") {
  AnalysisScheduler scheduler;
  std::atomic<int> runs = 0;
  // Due in an hour: however slow the machine, it is still waiting when cancelled.
  scheduler.schedule("a", 1h, [&] { ++runs; });
  std::this_thread::sleep_for(5ms);
  scheduler.cancel("a");
  std::promise<void> done;
  scheduler.schedule("b", 0ms, [&] { done.set_value(); });
  done.get_future().wait();
  scheduler.schedule("c", 10s, [&] { ++runs; });
  std::this_thread::sleep_for(5ms);
  scheduler.stop();
  CHECK(runs == 0);
}
