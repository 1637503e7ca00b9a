// Runs document analyses on a worker thread after a debounce: a newer edit of
// the same document replaces the job that has not started yet, so typing
// never queues stale work. (A job that already started finishes; its owner
// drops the result when a newer version exists.)
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
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

  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, Pending> pending_;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace forklift::lsp
