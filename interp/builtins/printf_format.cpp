#include "interp/builtins/printf_format.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/builtins/date_text.h"
#include "interp/errors.h"
#include "interp/text/escapes.h"
#include "interp/text/locale_text.h"
#include "interp/arith/number.h"

namespace forklift::interp {

namespace {

// One conversion specification, %[N$][flags][width][.precision][size](fmt)conv.
struct Spec {
  std::string flags;
  int width = 0;
  bool has_width = false;
  int precision = 0;
  bool has_precision = false;
  std::string time_format;  // what the parentheses of %(…)T or %(…)q hold
  char conv = 0;
};

// %(csv)q and %#q: a field of a CSV file, in double quotes (a quote doubled)
// unless it is all letters, digits, underscores and (in a UTF-8 locale)
// bytes beyond ASCII.
// %H: the characters HTML gives a meaning to, as entities.
std::string html_escape(std::string_view value) {
  std::string out;
  for (char c : value) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string csv_quote(std::string_view value) {
  bool multibyte = text::utf8();
  bool plain = std::all_of(value.begin(), value.end(), [multibyte](char c) {
    auto u = static_cast<unsigned char>(c);
    return (u >= 0x80 && multibyte) || (u < 0x80 && std::isalnum(u) != 0) || c == '_';
  });
  if (plain) return std::string(value);
  std::string out = "\"";
  for (char c : value) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

// printf's snprintf into a string of whatever length the result has.
template <typename T>
void append_c_format(std::string& out, const std::string& c_format, T value) {
  int n = std::snprintf(nullptr, 0, c_format.c_str(), value);
  if (n <= 0) return;
  size_t at = out.size();
  out.resize(at + static_cast<size_t>(n) + 1);
  std::snprintf(out.data() + at, static_cast<size_t>(n) + 1, c_format.c_str(), value);
  out.resize(at + static_cast<size_t>(n));
}

// The numeric part of a conversion as C printf spells it (no length modifier).
std::string c_spec(const Spec& s) {
  std::string f = "%" + s.flags;
  if (s.has_width) f += std::to_string(s.width);
  if (s.has_precision) f += "." + std::to_string(s.precision);
  return f;
}

// Strings are padded by hand: they may hold NUL bytes (%b of \0), and the 0
// flag does not apply to them in ksh.
void append_padded(std::string& out, const Spec& s, std::string_view text) {
  if (s.has_precision && static_cast<size_t>(s.precision) < text.size()) text = text.substr(0, static_cast<size_t>(s.precision));
  size_t pad = s.has_width && static_cast<size_t>(s.width) > text.size() ? static_cast<size_t>(s.width) - text.size() : 0;
  bool left = s.flags.find('-') != std::string::npos;
  if (!left) out.append(pad, ' ');
  out += text;
  if (left) out.append(pad, ' ');
}

// ksh (sfio) rounds a value that lies exactly halfway away from zero (2.5 is
// 3 with %.0f), where C rounds it to even: nudge such a value one ulp outward.
long double round_ties_away(long double v, char conv, const Spec& s) {
  if (!std::isfinite(v) || v == 0) return v;
  int precision = s.has_precision ? s.precision : 6;
  std::string probe;
  switch (conv) {
    case 'f':
    case 'F': append_c_format(probe, fmt::format("%.{}Lf", precision + 40), v); break;
    case 'e':
    case 'E': append_c_format(probe, fmt::format("%.{}Le", precision + 40), v); break;
    case 'g':
    case 'G': append_c_format(probe, fmt::format("%.{}Le", std::max(precision, 1) - 1 + 40), v); break;
    default: return v;
  }
  size_t e = probe.find_first_of("eE");
  std::string_view digits = std::string_view(probe).substr(0, e);
  std::string_view tail = digits.substr(digits.size() - 40);
  if (tail[0] != '5' || tail.find_first_not_of('0', 1) != std::string_view::npos) return v;
  return std::nextafter(v, v > 0 ? LDBL_MAX : -LDBL_MAX);
}

// %(fmt)T of a date string (see date_text.h); `invalid` when it is not one
// (then the current time, as in ksh).
std::string format_time(const std::string& format, const std::string& arg, bool& invalid) {
  time_t now = std::time(nullptr);
  std::optional<time_t> when = parse_date(arg, now);
  invalid = !when.has_value();
  time_t t = when.value_or(now);
  struct tm tm;
  localtime_r(&t, &tm);
  char buf[512];
  size_t n = std::strftime(buf, sizeof buf, format.empty() ? "%a %b %e %H:%M:%S %Z %Y" : format.c_str(), &tm);
  return std::string(buf, n);
}

class Printf {
 public:
  // A name in a variable's value that does not exist ends printf (after
  // what it printed so far) with status 1, as in ksh.
  struct Abort {};

  Printf(Shell& shell, const std::vector<std::string>& args, std::string& out) : shell_(shell), args_(args), out_(out) {}

  // One pass of the (decoded) format; returns false when it is to end:
  // \c in a %b argument, an unknown conversion, or no argument consumed.
  bool pass(std::string_view format);
  bool arguments_left() const { return next_ < args_.size(); }
  int status() const { return status_; }

 private:
  const std::string* take(int position);
  Number number(const std::string* arg, char conv);
  int64_t integer(const std::string* arg, char conv);
  int star_value(std::string_view format, size_t& i);
  bool convert(const Spec& s, int position);
  void warn(const std::string& message) {
    shell_.error("printf: warning: " + message);
    status_ = 1;
  }

  Shell& shell_;
  const std::vector<std::string>& args_;
  std::string& out_;
  size_t base_ = 0;      // the first argument of this pass (for %N$)
  size_t next_ = 0;      // the next argument in order
  size_t furthest_ = 0;  // past the last argument a %N$ used
  int status_ = 0;
};

// The next argument, or argument N of this pass (%N$); nullptr when missing.
const std::string* Printf::take(int position) {
  size_t index = position > 0 ? base_ + static_cast<size_t>(position) - 1 : next_++;
  if (position > 0) furthest_ = std::max(furthest_, index + 1);
  return index < args_.size() ? &args_[index] : nullptr;
}

// A numeric argument: 'c or "c is the character's code; anything else is an
// arithmetic expression, as in ksh (an unset name is 0). An expression that
// stops early ("12abc") gives the number it starts with, with a warning.
Number Printf::number(const std::string* arg, char conv) {
  if (arg == nullptr || arg->empty()) return Number::integer(0);
  const std::string& a = *arg;
  if (a[0] == '\'' || a[0] == '"') {
    if (a.size() == 1 || (a.size() > 2 && !(a.size() == 3 && a[2] == a[0]))) warn(a + ": invalid character constant");
    return Number::integer(a.size() > 1 ? static_cast<unsigned char>(a[1]) : 0);
  }
  if (auto n = parse_number_literal(a)) return *n;
  try {
    return shell_.eval_arith_string(a);
  } catch (const ShellExit&) {
    // The expression's own message is out. A valid expression that failed
    // (1/0) is 0; an incomplete one ("1+", "(") is taken as far as it goes;
    // one with an operand left over ("1 2", "12abc") too, and the status is 1.
    const std::string& message = shell_.last_error();
    if (message.ends_with("parameter not set") || message.ends_with("no parent")) throw Abort{};
    if (!message.ends_with("arithmetic syntax error")) return Number::integer(0);
    size_t last = a.find_last_not_of(" \t\n");
    if (std::string_view("+-*/%&|^<>=!~?:,()").find(a[last]) == std::string_view::npos) {
      warn(fmt::format("invalid argument of type {}", conv));
    }
    size_t first = a.find_first_not_of(" \t\n");
    if (first == std::string::npos || !(std::isdigit(static_cast<unsigned char>(a[first])) || a[first] == '.')) return Number::integer(0);
    return Number::floating(std::strtold(a.c_str() + first, nullptr));
  }
}

// The argument of an integer conversion: a value beyond the conversion's
// range is clamped with a warning; one beyond the signed range then becomes
// what ksh's conversion of it gives (INT64_MIN).
int64_t Printf::integer(const std::string* arg, char conv) {
  Number n = number(arg, conv);
  if (!n.is_float) return n.i;
  long double d = n.f;
  if (std::isnan(d)) return 0;
  bool is_unsigned = std::string_view("ouxX").find(conv) != std::string_view::npos;
  long double max = is_unsigned ? 18446744073709551615.0L : 9223372036854775807.0L;
  if (d < -9223372036854775808.0L || d > max) {
    warn(fmt::format("{}: overflow exception", *arg));
    d = d < 0 ? -9223372036854775808.0L : max;
  }
  if (d >= 9223372036854775808.0L) return INT64_MIN;
  return static_cast<int64_t>(d);
}

// An argument position `N$` at format[i] (skipped); 0 when there is none.
int read_position(std::string_view format, size_t& i) {
  size_t j = i;
  while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j]))) ++j;
  if (j == i || j >= format.size() || format[j] != '$') return 0;
  int position = std::atoi(std::string(format.substr(i, j - i)).c_str());
  i = j + 1;
  return position;
}

// The value of a '*' width or precision (with an optional N$ after it).
int Printf::star_value(std::string_view format, size_t& i) {
  return static_cast<int>(integer(take(read_position(format, i)), 'd'));
}

bool Printf::pass(std::string_view format) {
  base_ = next_;
  furthest_ = next_;
  size_t start_args = next_;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c != '%') {
      out_.push_back(c);
      continue;
    }
    size_t start = i++;
    int position = read_position(format, i);
    Spec s;
    while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos) s.flags += format[i++];
    if (i < format.size() && format[i] == '*') {
      ++i;
      s.width = star_value(format, i);
      s.has_width = true;
      if (s.width < 0) {
        s.flags += '-';
        s.width = s.width == INT_MIN ? INT_MAX : -s.width;
      }
    } else {
      for (; i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])); ++i) {
        s.width = static_cast<int>(static_cast<unsigned>(s.width) * 10u + static_cast<unsigned>(format[i] - '0'));
        s.has_width = true;
      }
    }
    if (i < format.size() && format[i] == '.') {
      ++i;
      s.has_precision = true;
      if (i < format.size() && format[i] == '*') {
        ++i;
        s.precision = star_value(format, i);
        if (s.precision < 0) s.has_precision = false;
      } else {
        for (; i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])); ++i) {
          s.precision = static_cast<int>(static_cast<unsigned>(s.precision) * 10u + static_cast<unsigned>(format[i] - '0'));
        }
      }
    }
    while (i < format.size() && std::string_view("hlLjzt").find(format[i]) != std::string_view::npos) ++i;
    if (i < format.size() && format[i] == '(') {
      size_t close = format.find(")T", i);
      if (close == std::string_view::npos) close = format.find(")q", i);
      if (close != std::string_view::npos) {
        s.time_format = std::string(format.substr(i + 1, close - i - 1));
        i = close + 1;
      }
    }
    if (i >= format.size()) {
      out_ += format.substr(start);
      break;
    }
    s.conv = format[i];
    if (!convert(s, position)) return false;
  }
  next_ = std::max(next_, furthest_);
  return next_ > start_args;
}

// Applies one conversion; false when printing is to stop.
bool Printf::convert(const Spec& s, int position) {
  switch (s.conv) {
    case '%': out_.push_back('%'); return true;
    case 's': {
      const std::string* a = take(position);
      append_padded(out_, s, a != nullptr ? *a : std::string());
      return true;
    }
    case 'b': {
      const std::string* a = take(position);
      bool stop = false;
      std::string text = a != nullptr ? decode_echo_escapes(*a, stop) : std::string();
      append_padded(out_, s, text);
      return !stop;
    }
    case 'q': {
      const std::string* a = take(position);
      if (a == nullptr) return true;  // ksh quotes no missing argument
      bool csv = s.time_format == "csv" || s.flags.find('#') != std::string::npos;
      append_padded(out_, s, csv ? csv_quote(*a) : shell_quote(*a));
      return true;
    }
    case 'H': {
      const std::string* a = take(position);
      append_padded(out_, s, html_escape(a != nullptr ? *a : std::string()));
      return true;
    }
    case 'n': {
      // The number of bytes printed so far goes to the variable named.
      const std::string* a = take(position);
      if (a != nullptr) shell_.assign(*a, std::to_string(out_.size()));
      return true;
    }
    case 'c': {
      const std::string* a = take(position);
      append_padded(out_, s, a == nullptr || a->empty() ? std::string(1, '\0') : a->substr(0, 1));
      return true;
    }
    case 'T': {
      const std::string* a = take(position);
      bool invalid = false;
      append_padded(out_, s, format_time(s.time_format, a != nullptr ? *a : std::string(), invalid));
      if (invalid) warn("invalid argument of type T");
      return true;
    }
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X': {
      int64_t v = integer(take(position), s.conv);
      append_c_format(out_, c_spec(s) + "ll" + (s.conv == 'i' ? 'd' : s.conv), static_cast<long long>(v));
      return true;
    }
    case 'p': {
      Spec hex = s;
      hex.flags += '#';
      append_c_format(out_, c_spec(hex) + "llx", static_cast<long long>(integer(take(position), 'd')));
      return true;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      long double v = number(take(position), s.conv).as_float();
      append_c_format(out_, c_spec(s) + "L" + s.conv, round_ties_away(v, s.conv, s));
      return true;
    }
    default:
      // ksh prints nothing at all for a format it cannot use.
      shell_.error(fmt::format("printf: %{}: unknown format specifier", s.conv));
      status_ = 1;
      out_.clear();
      return false;
  }
}

}  // namespace

int run_printf(Shell& shell, const std::string& format, const std::vector<std::string>& args, std::string& out) {
  std::string decoded = decode_printf_format(format);
  Printf printf(shell, args, out);
  try {
    while (printf.pass(decoded) && printf.arguments_left()) {
    }
  } catch (const Printf::Abort&) {
    return 1;
  }
  return printf.status();
}

int builtin_printf(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  std::string variable;
  while (i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-') {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-v") {
      if (i + 1 >= argv.size()) {
        shell.error("printf: -v: name argument expected");
        return 2;
      }
      variable = argv[i + 1];
      i += 2;
      continue;
    }
    shell.error(fmt::format("printf: {}: unknown option", argv[i]));
    return 2;
  }
  if (i >= argv.size()) {
    shell.error("printf: usage: printf [-v var] format [args...]");
    return 2;
  }
  std::vector<std::string> args(argv.begin() + static_cast<long>(i) + 1, argv.end());
  std::string out;
  int status = run_printf(shell, argv[i], args, out);
  if (!variable.empty()) shell.assign(variable, out);
  else shell.out().write(out);
  return status;
}

}  // namespace forklift::interp
