// A one-line progress bar on stderr for long lint runs; safe to advance from
// several threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>

namespace forklift::cli {

class ProgressBar {
 public:
  // Draws nothing unless `enabled`.
  ProgressBar(size_t total, bool enabled) : total_(total), enabled_(enabled) {}
  ~ProgressBar();  // erases the bar
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void advance();

  // Whether a bar is worth drawing: stderr is a terminal and the run is long.
  static bool wanted(size_t files);

 private:
  void draw(size_t done);

  size_t total_;
  bool enabled_;
  std::atomic<size_t> done_{0};
  std::mutex draw_mutex_;
  size_t drawn_percent_ = 101;
};

}  // namespace forklift::cli
