#include "harness/bench/statistics.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace forklift::harness::bench {
namespace {

// The q-quantile of sorted samples, interpolating linearly between ranks.
double quantile(const std::vector<double>& sorted, double q) {
  double rank = q * static_cast<double>(sorted.size() - 1);
  size_t below = static_cast<size_t>(std::floor(rank));
  size_t above = std::min(below + 1, sorted.size() - 1);
  double fraction = rank - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

}  // namespace

Summary summarize(std::vector<double> samples) {
  assert(!samples.empty());
  std::sort(samples.begin(), samples.end());
  Summary s;
  s.count = samples.size();
  s.min = samples.front();
  s.max = samples.back();
  s.median = quantile(samples, 0.5);
  s.q1 = quantile(samples, 0.25);
  s.q3 = quantile(samples, 0.75);
  return s;
}

double speedup(const Summary& before, const Summary& after) {
  return after.median > 0 ? before.median / after.median : 0;
}

std::vector<Trial> interleaved_trials(size_t variants, size_t runs, size_t warmup) {
  std::vector<Trial> trials;
  trials.reserve(variants * (runs + warmup));
  for (size_t round = 0; round < warmup + runs; ++round) {
    bool warming = round < warmup;
    for (size_t i = 0; i < variants; ++i) {
      size_t variant = round % 2 == 0 ? i : variants - 1 - i;
      trials.push_back({variant, warming});
    }
  }
  return trials;
}

}  // namespace forklift::harness::bench
