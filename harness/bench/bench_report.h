// What `forklift bench` prints: a table for people, JSON for CI, and the
// chart for --plot.
#pragma once

#include <string>
#include <vector>

#include "harness/bench/comparison.h"
#include "harness/bench/svg_plot.h"

namespace forklift::harness::bench {

struct BenchReport {
  std::string script;     // as given
  std::string rewritten;  // --fixed FILE, or empty when computed
  size_t runs = 0, warmup = 0;
  std::vector<Comparison> comparisons;  // one per shell, in the order asked
};

std::string render_bench_text(const BenchReport& report);
std::string render_bench_json(const BenchReport& report);
BarChart bench_chart(const BenchReport& report);

}  // namespace forklift::harness::bench
