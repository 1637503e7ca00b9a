// A grouped bar chart as an SVG document: per group (a shell), one bar for
// the original script and one for its rewrite, with the spread of the runs
// as whiskers, the values above the bars and the speedup above the group.
#pragma once

#include <string>
#include <vector>

namespace forklift::harness::bench {

struct PlotBar {
  double value = 0;        // the bar's height: the median
  double low = 0, high = 0;  // the whisker: the spread of the runs
};

struct PlotGroup {
  std::string label;       // under the group, e.g. "ksh93"
  PlotBar before, after;
  std::string annotation;  // above the group, e.g. "83.1x faster"
};

struct BarChart {
  std::string title;
  std::string unit;  // of every value, e.g. "ms"
  std::string before_name = "original";
  std::string after_name = "rewritten";
  std::string note;  // small print under the chart, e.g. what the whiskers show
  std::vector<PlotGroup> groups;
};

// A standalone SVG 1.1 document; every text is escaped. The bars are <rect>
// elements of class "bar before" and "bar after" in group order.
std::string render_svg(const BarChart& chart);

}  // namespace forklift::harness::bench
