#include "interp/builtins/date_text.h"

#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

namespace forklift::interp {

namespace {

constexpr long kDay = 24 * 60 * 60;

struct DateFields {
  int year = -1, month = -1, day = -1;
  int hour = -1, minute = -1, second = -1;
};

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

int to_int(std::string_view s) {
  int v = 0;
  for (char c : s) v = v * 10 + (c - '0');
  return v;
}

int full_year(std::string_view digits) {
  int y = to_int(digits);
  if (digits.size() == 2) y += y < 69 ? 2000 : 1900;
  return y;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// 1-12 for a month name or its abbreviation (at least 3 letters), else 0.
int month_number(std::string_view word) {
  static constexpr std::array<const char*, 12> kMonths = {"january", "february", "march",     "april",   "may",      "june",
                                                          "july",    "august",   "september", "october", "november", "december"};
  std::string w = lower(word);
  if (w.size() < 3) return 0;
  for (size_t i = 0; i < kMonths.size(); ++i) {
    if (std::string_view(kMonths[i]).substr(0, w.size()) == w) return static_cast<int>(i) + 1;
  }
  return 0;
}

bool is_weekday(std::string_view word) {
  static constexpr std::array<const char*, 7> kDays = {"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"};
  std::string w = lower(word);
  if (w.size() < 3) return false;
  for (const char* d : kDays) {
    if (std::string_view(d).substr(0, w.size()) == w) return true;
  }
  return false;
}

bool is_zone(std::string_view word) {
  std::string w = lower(word);
  if (w == "z" || w == "utc" || w == "gmt") return true;
  return word.size() == 5 && (word[0] == '+' || word[0] == '-') && all_digits(word.substr(1));
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

bool parse_time_of_day(std::string_view token, DateFields& f) {
  std::vector<std::string_view> parts = split(token, ':');
  if (parts.size() < 2 || parts.size() > 3) return false;
  for (std::string_view p : parts) {
    if (!all_digits(p) || p.size() > 2) return false;
  }
  f.hour = to_int(parts[0]);
  f.minute = to_int(parts[1]);
  f.second = parts.size() == 3 ? to_int(parts[2]) : 0;
  return f.hour < 24 && f.minute < 60 && f.second < 61;
}

bool parse_numeric_date(std::string_view token, DateFields& f) {
  if (token.size() == 8 && all_digits(token)) {
    f.year = to_int(token.substr(0, 4));
    f.month = to_int(token.substr(4, 2));
    f.day = to_int(token.substr(6, 2));
    return true;
  }
  char sep = token.find('-') != std::string_view::npos ? '-' : '/';
  std::vector<std::string_view> parts = split(token, sep);
  if (parts.size() != 3) return false;
  for (std::string_view p : parts) {
    if (!all_digits(p) || p.size() > 4) return false;
  }
  if (sep == '/' && parts[0].size() <= 2 && parts[2].size() == 4) {  // MM/DD/YYYY
    f.month = to_int(parts[0]);
    f.day = to_int(parts[1]);
    f.year = to_int(parts[2]);
    return true;
  }
  if (parts[1].size() > 2 || parts[2].size() > 2) return false;
  f.year = full_year(parts[0]);
  f.month = to_int(parts[1]);
  f.day = to_int(parts[2]);
  return true;
}

bool parse_token(std::string_view token, DateFields& f) {
  if (size_t t = token.find('T'); t != std::string_view::npos && t > 0 && std::isdigit(static_cast<unsigned char>(token[0]))) {
    // ISO 8601 date and time in one token.
    std::string_view time = token.substr(t + 1);
    if (!time.empty() && (time.back() == 'Z' || time.back() == 'z')) time.remove_suffix(1);
    return parse_numeric_date(token.substr(0, t), f) && parse_time_of_day(time, f);
  }
  if (token.find(':') != std::string_view::npos) return parse_time_of_day(token, f);
  if (token.find('-', 1) != std::string_view::npos || token.find('/') != std::string_view::npos ||
      (token.size() == 8 && all_digits(token))) {
    return parse_numeric_date(token, f);
  }
  if (is_zone(token) || is_weekday(token)) return true;
  if (int m = month_number(token); m > 0) {
    f.month = m;
    return true;
  }
  if (all_digits(token) && token.size() <= 2 && f.day < 0) {
    f.day = to_int(token);
    return true;
  }
  if (all_digits(token) && token.size() == 4 && f.year < 0) {
    f.year = to_int(token);
    return true;
  }
  return false;
}

std::optional<time_t> midnight_plus(time_t now, long days) {
  struct tm tm;
  localtime_r(&now, &tm);
  tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
  tm.tm_mday += static_cast<int>(days);
  tm.tm_isdst = -1;
  return std::mktime(&tm);
}

}  // namespace

std::optional<time_t> parse_date(std::string_view text, time_t now) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  std::string word = lower(text);
  if (word.empty() || word == "now") return now;
  if (word[0] == '#' && all_digits(word.substr(1))) {
    time_t seconds = 0;
    auto [end, error] = std::from_chars(word.data() + 1, word.data() + word.size(), seconds);
    if (error != std::errc()) return std::nullopt;
    return seconds;
  }
  if (word == "today" || word == "midnight") return midnight_plus(now, 0);
  if (word == "yesterday") return midnight_plus(now, -1);
  if (word == "tomorrow") return midnight_plus(now, 1);
  if (word == "noon") return *midnight_plus(now, 0) + kDay / 2;

  DateFields f;
  std::string spaced(text);
  for (char& c : spaced) {
    if (c == ',' || c == '\t') c = ' ';
  }
  for (std::string_view token : split(spaced, ' ')) {
    if (!token.empty() && !parse_token(token, f)) return std::nullopt;
  }
  if (f.month > 12 || f.month == 0 || f.day == 0 || f.day > 31) return std::nullopt;
  bool has_date = f.month > 0 || f.day > 0 || f.year > 0;
  bool has_time = f.hour >= 0;
  if (!has_date && !has_time) return std::nullopt;
  struct tm tm;
  localtime_r(&now, &tm);
  if (f.year > 0) tm.tm_year = f.year - 1900;
  if (f.month > 0) tm.tm_mon = f.month - 1;
  if (f.day > 0) tm.tm_mday = f.day;
  if (has_time) {
    tm.tm_hour = f.hour;
    tm.tm_min = f.minute;
    tm.tm_sec = f.second;
  }
  tm.tm_isdst = -1;
  return std::mktime(&tm);
}

}  // namespace forklift::interp
