// Runs document analyses on a worker thread after a debounce: a newer edit of
// the same document replaces the job that has not started yet, so typing
// never queues stale work. (A job that already started finishes; its owner
// drops the result when a newer version exists.) The debounce can be leading:
// a lone edit is analysed at once, only the later edits of a burst wait.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace forklift::lsp {

class AnalysisScheduler {
 public:
  using Clock = std::chrono::steady_clock;
  using Job = std::function<void()>;

  AnalysisScheduler();
  ~AnalysisScheduler();
  AnalysisScheduler(const AnalysisScheduler&) = delete;
  AnalysisScheduler& operator=(const AnalysisScheduler&) = delete;

  // Runs `job` once `delay` has passed, unless replaced or cancelled first.
  void schedule(const std::string& key, std::chrono::milliseconds delay, Job job);
  // Like schedule, but runs `job` at once when the worker is idle and `key`
  // was last scheduled more than `delay` ago: the first edit after a pause
  // does not wait, the following ones of a burst do.
  void schedule_debounced(const std::string& key, std::chrono::milliseconds delay, Job job);
  void cancel(const std::string& key);
  // Drops every pending job and waits for the running one; later calls to
  // schedule are ignored.
  void stop();

 private:
  struct Pending {
    Clock::time_point due;
    Job job;
  };

  void work();
  void schedule_at(const std::string& key, Clock::time_point due, Job job);

  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Pending> pending_;
  std::map<std::string, Clock::time_point> last_scheduled_;  // by schedule_debounced
  bool running_ = false;                                      // the worker is running a job
  bool stopping_ = false;
  std::thread worker_;
};

// When a debounced job is due: now, unless the worker is busy or the previous
// call for the same key was less than `delay` ago.
AnalysisScheduler::Clock::time_point debounced_due(AnalysisScheduler::Clock::time_point now,
                                                   std::optional<AnalysisScheduler::Clock::time_point> last_scheduled,
                                                   std::chrono::milliseconds delay, bool worker_busy);

}  // namespace forklift::lsp
