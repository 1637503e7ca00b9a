#include "cli/progress_bar.h"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace forklift::cli {
namespace {

constexpr size_t kMinimumFiles = 200;  // below this a run is too short to need one
constexpr size_t kWidth = 40;

}  // namespace

bool ProgressBar::wanted(size_t files) { return files > kMinimumFiles && isatty(STDERR_FILENO) == 1; }

ProgressBar::~ProgressBar() {
  if (enabled_) std::fputs("\r\x1b[2K", stderr);
}

void ProgressBar::advance() {
  size_t done = ++done_;
  if (enabled_) draw(done);
}

void ProgressBar::draw(size_t done) {
  size_t percent = total_ == 0 ? 100 : done * 100 / total_;
  std::lock_guard lock(draw_mutex_);
  if (percent == drawn_percent_) return;  // redraw only when the figure changes
  drawn_percent_ = percent;
  size_t filled = percent * kWidth / 100;
  std::string bar = std::string(filled, '#') + std::string(kWidth - filled, '-');
  std::fprintf(stderr, "\r[%s] %zu/%zu %s", bar.c_str(), done, total_, unit_);
  std::fflush(stderr);
}

}  // namespace forklift::cli
