#include "interp/arith/number.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace forklift::interp {

int64_t Number::as_int() const {
  if (!is_float) return i;
  if (std::isnan(f)) return 0;
  if (f >= 9.2233720368547758e18L) return INT64_MAX;
  if (f <= -9.2233720368547758e18L) return INT64_MIN;
  return static_cast<int64_t>(f);
}

void append_number(std::string& out, const Number& n) {
  char buf[64];
  if (!n.is_float) {
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n.i);
    out.append(buf, end);
    return;
  }
  if (std::isinf(n.f)) {
    out += n.f < 0 ? "-inf" : "inf";
    return;
  }
  if (std::isnan(n.f)) {
    out += "nan";
    return;
  }
  int len = std::snprintf(buf, sizeof buf, "%.18Lg", n.f);
  out.append(buf, static_cast<size_t>(len));
}

std::string format_number(const Number& n) {
  std::string s;
  append_number(s, n);
  return s;
}

namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 36;
  if (c == '@') return 62;
  if (c == '_') return 63;
  return 99;
}

std::optional<int64_t> parse_in_base(std::string_view digits, int base) {
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  for (char c : digits) {
    int d = digit_value(c);
    // Bases up to 36 are case-insensitive.
    if (base <= 36 && c >= 'A' && c <= 'Z') d = c - 'A' + 10;
    if (d >= base) return std::nullopt;
    value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  return static_cast<int64_t>(value);
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }

}  // namespace

std::optional<Number> parse_number_literal(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  bool negative = false;
  std::string_view body = text;
  if (body.front() == '-' || body.front() == '+') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (body.empty()) return std::nullopt;
  if (!(body.front() >= '0' && body.front() <= '9') && body.front() != '.') return std::nullopt;
  auto sign = [&](Number n) {
    if (!negative) return n;
    if (n.is_float) n.f = -n.f; else n.i = static_cast<int64_t>(0ULL - static_cast<uint64_t>(n.i));
    return n;
  };
  size_t hash = body.find('#');
  if (hash != std::string_view::npos) {
    int base = 0;
    auto [p, ec] = std::from_chars(body.data(), body.data() + hash, base);
    if (ec != std::errc() || p != body.data() + hash || base < 2 || base > 64) return std::nullopt;
    auto v = parse_in_base(body.substr(hash + 1), base);
    if (!v) return std::nullopt;
    return sign(Number::integer(*v));
  }
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    auto v = parse_in_base(body.substr(2), 16);
    if (!v) return std::nullopt;
    return sign(Number::integer(*v));
  }
  bool all_digits = true;
  for (char c : body) all_digits = all_digits && c >= '0' && c <= '9';
  if (all_digits) {
    uint64_t value = 0;
    bool overflow = false;
    for (char c : body) {
      if (value > (UINT64_MAX - 9) / 10) overflow = true;
      value = value * 10 + static_cast<uint64_t>(c - '0');
    }
    if (overflow || value > static_cast<uint64_t>(INT64_MAX) + (negative ? 1 : 0)) {
      std::string copy(body);
      return sign(Number::floating(std::strtold(copy.c_str(), nullptr)));
    }
    return sign(Number::integer(static_cast<int64_t>(value)));
  }
  std::string copy(body);
  char* end = nullptr;
  errno = 0;
  long double f = std::strtold(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  return sign(Number::floating(f));
}

std::optional<bool> compare_numbers(const Number& x, std::string_view op, const Number& y) {
  int order = x.is_float || y.is_float ? (x.as_float() > y.as_float()) - (x.as_float() < y.as_float())
                                       : (x.i > y.i) - (x.i < y.i);
  if (op == "-eq") return order == 0;
  if (op == "-ne") return order != 0;
  if (op == "-lt") return order < 0;
  if (op == "-le") return order <= 0;
  if (op == "-gt") return order > 0;
  if (op == "-ge") return order >= 0;
  return std::nullopt;
}

}  // namespace forklift::interp
