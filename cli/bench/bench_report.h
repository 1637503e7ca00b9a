// What `forklift bench` prints: a table for people, JSON for CI, and the
// chart for --plot.
#pragma once

#include <string>
#include <vector>

#include "interp/bench/comparison.h"
#include "interp/bench/svg_plot.h"

namespace forklift::cli {

struct BenchReport {
  std::string script;     // as given
  std::string rewritten;  // --fixed FILE, or empty when computed
  size_t runs = 0, warmup = 0;
  std::vector<interp::bench::Comparison> comparisons;  // one per shell, in the order asked
};

std::string render_bench_text(const BenchReport& report);
std::string render_bench_json(const BenchReport& report);
interp::bench::BarChart bench_chart(const BenchReport& report);

}  // namespace forklift::cli
