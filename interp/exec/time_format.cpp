#include "interp/exec/time_format.h"

#include <fmt/format.h>

namespace forklift::interp {

namespace {

// Seconds and the first `precision` decimals of their fraction (truncated).
std::string seconds(int64_t us, int precision, bool long_form) {
  int64_t whole = us / 1000000;
  int64_t fraction = us % 1000000;
  for (int n = 6 - precision; n > 0; --n) fraction /= 10;
  std::string decimals = precision > 0 ? fmt::format(".{:0{}}", fraction, precision) : "";
  if (!long_form) return fmt::format("{}{}", whole, decimals);
  int64_t hours = whole / 3600;
  std::string out = hours > 0 ? fmt::format("{}h", hours) : "";
  return out + fmt::format("{}m{:02}{}s", (whole / 60) % 60, whole % 60, decimals);
}

}  // namespace

TimeReport format_time_report(std::string_view format, const TimeValues& times) {
  TimeReport report;
  std::string& out = report.text;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c != '%') {
      out.push_back(c);
      continue;
    }
    if (i + 1 >= format.size() || format[i + 1] == '%') {  // "%%", or a lone % at the end
      out.push_back('%');
      ++i;
      continue;
    }
    c = format[++i];
    if (c == 'P') {
      double real = static_cast<double>(times.real_us);
      double cpu = static_cast<double>(times.user_us + times.sys_us);
      out += fmt::format("{:.3f}", real != 0 ? 100.0 * cpu / real : 0.0);
      continue;
    }
    int precision = 3;
    if (c >= '0' && c <= '9') {
      precision = std::min(c - '0', 3);
      c = i + 1 < format.size() ? format[++i] : '\0';
    }
    bool long_form = c == 'l';
    if (long_form) c = i + 1 < format.size() ? format[++i] : '\0';
    int64_t us;
    switch (c) {
      case 'R': us = times.real_us; break;
      case 'U': us = times.user_us; break;
      case 'S': us = times.sys_us; break;
      default: return TimeReport{"", c};
    }
    out += seconds(us, precision, long_form);
  }
  out.push_back('\n');
  return report;
}

}  // namespace forklift::interp
