// Summaries of repeated timings, and the order in which to take them.
#pragma once

#include <cstddef>
#include <vector>

namespace forklift::harness::bench {

// The median and the spread of a set of samples (any unit). Quartiles are
// interpolated between the sorted samples (the "type 7" definition R and
// NumPy use by default), so q1 == q3 == median for one sample.
struct Summary {
  size_t count = 0;
  double median = 0, min = 0, max = 0, q1 = 0, q3 = 0;
  double iqr() const { return q3 - q1; }
};

// Requires at least one sample.
Summary summarize(std::vector<double> samples);

// How many times `before` takes as long as `after` (medians); 0 when `after`
// took no measurable time.
double speedup(const Summary& before, const Summary& after);

// One run in a comparison: which variant, and whether it only warms up.
struct Trial {
  size_t variant = 0;
  bool warmup = false;
};

// The runs of a comparison of `variants` alternatives: `warmup` rounds, then
// `runs` measured rounds, each round running every variant once. Rounds
// alternate direction (A B, B A, A B, ...), so that a slow spell of the
// machine, or whatever the previous run left in the caches, falls on each
// variant alike.
std::vector<Trial> interleaved_trials(size_t variants, size_t runs, size_t warmup);

}  // namespace forklift::harness::bench
