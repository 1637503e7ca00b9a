#include "lsp/analysis_scheduler.h"

#include <algorithm>

namespace forklift::lsp {

AnalysisScheduler::AnalysisScheduler() : worker_([this] { work(); }) {}

AnalysisScheduler::~AnalysisScheduler() { stop(); }

void AnalysisScheduler::schedule(const std::string& key, std::chrono::milliseconds delay, Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    pending_[key] = Pending{Clock::now() + delay, std::move(job)};
  }
  changed_.notify_one();
}

void AnalysisScheduler::cancel(const std::string& key) {
  std::lock_guard lock(mutex_);
  pending_.erase(key);
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
    if (Clock::now() < next->second.due) {
      changed_.wait_until(lock, next->second.due);
      continue;  // something may have been replaced, cancelled or stopped meanwhile
    }
    Job job = std::move(next->second.job);
    pending_.erase(next);
    lock.unlock();
    job();
    lock.lock();
  }
}

}  // namespace forklift::lsp
