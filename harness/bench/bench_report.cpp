#include "harness/bench/bench_report.h"

#include <cmath>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace forklift::harness::bench {
namespace {

using Json = nlohmann::ordered_json;


// Three significant figures are all a timing on a shared machine is worth.
std::string milliseconds(double ms) {
  if (ms >= 100) return fmt::format("{:.0f}", ms);
  if (ms >= 10) return fmt::format("{:.1f}", ms);
  return fmt::format("{:.2f}", ms);
}

std::string timing_cell(const VariantTiming& t) {
  return fmt::format("{} ms ({}-{})", milliseconds(t.wall.median), milliseconds(t.wall.min), milliseconds(t.wall.max));
}

std::string processes_cell(const Comparison& c) {
  if (!c.original.processes || !c.rewritten.processes) return "n/a";
  return fmt::format("{} -> {}", *c.original.processes, *c.rewritten.processes);
}

std::string speedup_cell(const Comparison& c) {
  return c.speedup > 0 ? fmt::format("{:.1f}x", c.speedup) : "n/a";
}

std::string script_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

Json variant_json(const VariantTiming& t) {
  Json j;
  j["median_ms"] = t.wall.median;
  j["min_ms"] = t.wall.min;
  j["max_ms"] = t.wall.max;
  j["q1_ms"] = t.wall.q1;
  j["q3_ms"] = t.wall.q3;
  j["samples_ms"] = t.wall_ms;
  j["processes"] = t.processes ? Json(*t.processes) : Json(nullptr);
  j["exit_status"] = t.exit_status;
  return j;
}

}  // namespace

std::string render_bench_text(const BenchReport& report) {
  std::string out = fmt::format("{} against {}: median (min-max) of {} run{} after {} warm-up{}\n\n", report.script,
                                report.rewritten.empty() ? "its rewrite" : report.rewritten, report.runs,
                                report.runs == 1 ? "" : "s", report.warmup, report.warmup == 1 ? "" : "s");
  constexpr const char* kRow = "{:<10} {:>26} {:>26} {:>9}  {}\n";
  out += fmt::format(kRow, "shell", "original", "rewritten", "speedup", "processes");
  for (const Comparison& c : report.comparisons) {
    out += fmt::format(kRow, c.shell, timing_cell(c.original), timing_cell(c.rewritten), speedup_cell(c),
                       processes_cell(c));
  }
  for (const Comparison& c : report.comparisons) {
    if (c.original.exit_status != c.rewritten.exit_status) {
      out += fmt::format("\nnote: under {} the original exited with {}, the rewrite with {}\n", c.shell,
                         c.original.exit_status, c.rewritten.exit_status);
    }
  }
  return out;
}

std::string render_bench_json(const BenchReport& report) {
  Json j;
  j["script"] = report.script;
  j["rewritten"] = report.rewritten.empty() ? Json(nullptr) : Json(report.rewritten);
  j["runs"] = report.runs;
  j["warmup"] = report.warmup;
  j["results"] = Json::array();
  for (const Comparison& c : report.comparisons) {
    Json r;
    r["shell"] = c.shell;
    r["speedup"] = c.speedup > 0 ? Json(c.speedup) : Json(nullptr);
    r["original"] = variant_json(c.original);
    r["rewritten"] = variant_json(c.rewritten);
    j["results"].push_back(std::move(r));
  }
  return j.dump(2) + "\n";
}

BarChart bench_chart(const BenchReport& report) {
  BarChart chart;
  chart.title = fmt::format("{}: original vs rewritten, median of {} runs", script_name(report.script), report.runs);
  chart.unit = "ms";
  chart.note = "bars: median wall time; whiskers: fastest and slowest run";
  for (const Comparison& c : report.comparisons) {
    auto bar = [](const VariantTiming& t) { return PlotBar{t.wall.median, t.wall.min, t.wall.max}; };
    std::string annotation = c.speedup > 0 ? fmt::format("{:.1f}x faster", c.speedup) : "";
    chart.groups.push_back({c.shell, bar(c.original), bar(c.rewritten), annotation});
  }
  return chart;
}

}  // namespace forklift::harness::bench
