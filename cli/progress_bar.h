// A one-line progress bar on stderr for long runs (files linted, benchmark
// runs); safe to advance from several threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>

namespace forklift::cli {

class ProgressBar {
 public:
  // Draws nothing unless `enabled`; `unit` names what is counted ("files").
  ProgressBar(size_t total, bool enabled, const char* unit = "files")
      : total_(total), enabled_(enabled), unit_(unit) {}
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
  const char* unit_;
  std::atomic<size_t> done_{0};
  std::mutex draw_mutex_;
  size_t drawn_percent_ = 101;
};

}  // namespace forklift::cli
