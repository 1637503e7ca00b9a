#include "harness/bench/svg_plot.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "analyzer/lex/xml_escape.h"

namespace forklift::harness::bench {
namespace {

// Layout, in SVG user units (pixels at 100%).
constexpr double kLeft = 80, kRight = 30, kTop = 70, kBottom = 50;
constexpr double kPlotHeight = 300;
constexpr double kGroupWidth = 170, kBarWidth = 50, kBarGap = 10;
constexpr double kMinWidth = 460;
// Upper bound of one character's advance in the 16px bold title: an SVG
// viewer does not wrap or shrink text, so the canvas must be wide enough.
constexpr double kTitleCharWidth = 10, kTitleMargin = 40;
constexpr double kHeadroom = 1.2;  // room above the tallest bar for its labels
constexpr const char* kBeforeColour = "#c0504d";
constexpr const char* kAfterColour = "#4f81bd";

// Three significant figures at most, without an exponent.
std::string format_value(double v) {
  if (std::fabs(v) >= 100) return fmt::format("{:.0f}", v);
  if (std::fabs(v) >= 10) return fmt::format("{:.1f}", v);
  return fmt::format("{:.2f}", v);
}

// The vertical axis: ticks at 1, 2 or 5 times a power of ten, about five of them.
struct Axis {
  double top = 1, step = 0.2;
};

Axis axis_for(double highest) {
  if (!(highest > 0) || !std::isfinite(highest)) return {};
  double raw = highest / 5;
  double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double normalized = raw / magnitude;
  double step = (normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10) * magnitude;
  return {std::ceil(highest / step) * step, step};
}

class SvgWriter {
 public:
  explicit SvgWriter(const BarChart& chart) : chart_(chart) {
    double groups = static_cast<double>(std::max<size_t>(1, chart.groups.size()));
    double title_width = static_cast<double>(chart.title.size()) * kTitleCharWidth + kTitleMargin;
    width_ = std::max({kMinWidth, kLeft + kRight + groups * kGroupWidth, title_width});
    height_ = kTop + kPlotHeight + kBottom;
    double highest = 0;
    for (const PlotGroup& g : chart.groups) {
      highest = std::max({highest, g.before.value, g.before.high, g.after.value, g.after.high});
    }
    axis_ = axis_for(highest * kHeadroom);
  }

  std::string render() {
    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out_ += fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{1}\" "
        "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        width_, height_);
    out_ += fmt::format("<title>{}</title>\n", xml_escape(chart_.title));
    out_ += fmt::format("<rect class=\"background\" width=\"{}\" height=\"{}\" fill=\"white\"/>\n", width_, height_);
    out_ += fmt::format(
        "<text class=\"title\" x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"16\" "
        "font-weight=\"bold\">{}</text>\n",
        width_ / 2, xml_escape(chart_.title));
    grid();
    for (size_t i = 0; i < chart_.groups.size(); ++i) group(i);
    axes();
    legend();
    if (!chart_.note.empty()) {
      out_ += fmt::format("<text class=\"note\" x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#555555\">{}</text>\n",
                          kLeft, height_ - 8, xml_escape(chart_.note));
    }
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  double y_of(double value) const {
    return kTop + kPlotHeight - std::clamp(value / axis_.top, 0.0, 1.0) * kPlotHeight;
  }

  void grid() {
    // As many decimals as the step needs: 0, 500, 1000 or 0, 0.2, 0.4.
    int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(axis_.step) + 1e-9)));
    out_ += "<g class=\"grid\" stroke=\"#dddddd\">\n";
    for (double tick = 0; tick <= axis_.top + axis_.step / 2; tick += axis_.step) {
      double y = y_of(tick);
      out_ += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\"/>\n", kLeft, y, width_ - kRight, y);
      out_ += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\" stroke=\"none\" fill=\"#333333\">{:.{}f}</text>\n",
                          kLeft - 8, y + 4, tick, decimals);
    }
    out_ += "</g>\n";
  }

  void axes() {
    double bottom = kTop + kPlotHeight;
    out_ += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"black\"/>\n", kLeft,
                        kTop, bottom);
    out_ += fmt::format("<line class=\"axis\" x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"black\"/>\n", kLeft,
                        bottom, width_ - kRight);
    double middle = kTop + kPlotHeight / 2;
    out_ += fmt::format(
        "<text class=\"axis-title\" x=\"20\" y=\"{0}\" text-anchor=\"middle\" "
        "transform=\"rotate(-90 20 {0})\">{1}</text>\n",
        middle, xml_escape(fmt::format("median time ({})", chart_.unit)));
  }

  void bar(const PlotBar& b, double x, const char* kind, const char* colour, const std::string& group_label) {
    double top = y_of(b.value), bottom = y_of(0);
    // A bar too short to see still gets one pixel, so that it is there.
    double height = std::max(1.0, bottom - top);
    out_ += fmt::format(
        "<rect class=\"bar {}\" x=\"{}\" y=\"{:.1f}\" width=\"{}\" height=\"{:.1f}\" fill=\"{}\">"
        "<title>{}: {} {}</title></rect>\n",
        kind, x, bottom - height, kBarWidth, height, colour, xml_escape(group_label), format_value(b.value),
        xml_escape(chart_.unit));
    double centre = x + kBarWidth / 2;
    double low = y_of(b.low), high = y_of(b.high);
    out_ += fmt::format(
        "<g class=\"whisker\" stroke=\"#333333\"><line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{0}\" y2=\"{2:.1f}\"/>"
        "<line x1=\"{3}\" y1=\"{1:.1f}\" x2=\"{4}\" y2=\"{1:.1f}\"/><line x1=\"{3}\" y1=\"{2:.1f}\" x2=\"{4}\" "
        "y2=\"{2:.1f}\"/></g>\n",
        centre, low, high, centre - 6, centre + 6);
    double label_y = std::min(top, high) - 6;
    out_ += fmt::format("<text class=\"value\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", centre,
                        label_y, format_value(b.value));
  }

  void group(size_t index) {
    const PlotGroup& g = chart_.groups[index];
    // A canvas widened for the title spreads the groups over the whole axis.
    double group_width = (width_ - kLeft - kRight) / static_cast<double>(std::max<size_t>(1, chart_.groups.size()));
    double left = kLeft + static_cast<double>(index) * group_width + (group_width - 2 * kBarWidth - kBarGap) / 2;
    out_ += fmt::format("<g class=\"group\" id=\"group-{}\">\n", index);
    bar(g.before, left, "before", kBeforeColour, g.label + ", " + chart_.before_name);
    bar(g.after, left + kBarWidth + kBarGap, "after", kAfterColour, g.label + ", " + chart_.after_name);
    double centre = left + kBarWidth + kBarGap / 2;
    out_ += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", centre,
                        kTop + kPlotHeight + 20, xml_escape(g.label));
    if (!g.annotation.empty()) {
      double highest = std::max({g.before.value, g.before.high, g.after.value, g.after.high});
      out_ += fmt::format(
          "<text class=\"annotation\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\n",
          centre, y_of(highest) - 24, xml_escape(g.annotation));
    }
    out_ += "</g>\n";
  }

  void legend() {
    double x = width_ - kRight - 200, y = 40;
    out_ += "<g class=\"legend\">\n";
    const std::pair<const std::string*, const char*> entries[] = {{&chart_.before_name, kBeforeColour},
                                                                  {&chart_.after_name, kAfterColour}};
    for (const auto& [name, colour] : entries) {
      out_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>\n", x, y, colour);
      out_ += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", x + 18, y + 10, xml_escape(*name));
      x += 100;
    }
    out_ += "</g>\n";
  }

  const BarChart& chart_;
  double width_ = 0, height_ = 0;
  Axis axis_;
  std::string out_;
};

}  // namespace

std::string render_svg(const BarChart& chart) { return SvgWriter(chart).render(); }

}  // namespace forklift::harness::bench
