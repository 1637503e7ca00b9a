#include "lsp/analysis_scheduler.h"

#include <algorithm>

namespace forklift::lsp {

AnalysisScheduler::AnalysisScheduler() : worker_([this] { work(); }) {}

AnalysisScheduler::~AnalysisScheduler() { stop(); }

AnalysisScheduler::Clock::time_point debounced_due(AnalysisScheduler::Clock::time_point now,
                                                   std::optional<AnalysisScheduler::Clock::time_point> last_scheduled,
                                                   std::chrono::milliseconds delay, bool worker_busy) {
  bool in_burst = last_scheduled && now - *last_scheduled < delay;
  return worker_busy || in_burst ? now + delay : now;
}

void AnalysisScheduler::schedule(const std::string& key, std::chrono::milliseconds delay, Job job) {
  schedule_at(key, Clock::now() + delay, std::move(job));
}

void AnalysisScheduler::schedule_debounced(const std::string& key, std::chrono::milliseconds delay, Job job) {
  Clock::time_point now = Clock::now();
  Clock::time_point due;
  {
    std::lock_guard lock(mutex_);
    auto last = last_scheduled_.find(key);
    due = debounced_due(now, last == last_scheduled_.end() ? std::nullopt : std::optional(last->second), delay, running_);
    last_scheduled_[key] = now;
  }
  schedule_at(key, due, std::move(job));
}

void AnalysisScheduler::schedule_at(const std::string& key, Clock::time_point due, Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    pending_[key] = Pending{due, std::move(job)};
  }
  changed_.notify_one();
}

void AnalysisScheduler::cancel(const std::string& key) {
  std::lock_guard lock(mutex_);
  pending_.erase(key);
  last_scheduled_.erase(key);
}

void AnalysisScheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    pending_.clear();
  }
  changed_.notify_one();
  if (worker_.joinable()) worker_.join();
}

void AnalysisScheduler::work() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (pending_.empty()) {
      changed_.wait(lock);
      continue;
    }
    auto next = std::min_element(pending_.begin(), pending_.end(),
                                 [](const auto& a, const auto& b) { return a.second.due < b.second.due; });
    // A copy: wait_until reads the time again after waking, when the entry
    // may have been replaced or erased by another thread.
    Clock::time_point due = next->second.due;
    if (Clock::now() < due) {
      changed_.wait_until(lock, due);
      continue;  // something may have been replaced, cancelled or stopped meanwhile
    }
    Job job = std::move(next->second.job);
    pending_.erase(next);
    running_ = true;
    lock.unlock();
    job();
    lock.lock();
    running_ = false;
  }
}

}  // namespace forklift::lsp
