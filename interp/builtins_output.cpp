// echo, print and printf.
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include <fmt/format.h>

#include "interp/builtins.h"
#include "interp/date_text.h"
#include "interp/escapes.h"
#include "interp/number.h"

namespace forklift::interp {

std::string expand_print_escapes(std::string_view text, bool& stop) {
  std::string out;
  stop = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c != '\\' || i + 1 >= text.size()) {
      out.push_back(c);
      continue;
    }
    char e = text[++i];
    if (append_letter_escape(e, out)) continue;
    switch (e) {
      case 'c': stop = true; return out;
      case '0': out.push_back(static_cast<char>(read_octal_digits(text, i, 3, 0))); break;
      default:
        if (e >= '1' && e <= '7') {
          out.push_back(static_cast<char>(read_octal_digits(text, i, 2, static_cast<unsigned>(e - '0'))));
        } else {
          out.push_back('\\');
          out.push_back(e);
        }
    }
  }
  return out;
}

namespace {

int builtin_echo(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  bool newline = true, escapes = false;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a.size() < 2 || a[0] != '-' || a.find_first_not_of("ne", 1) != std::string::npos) break;
    for (size_t k = 1; k < a.size(); ++k) {
      if (a[k] == 'n') newline = false;
      if (a[k] == 'e') escapes = true;
    }
  }
  std::string line;
  for (size_t k = i; k < argv.size(); ++k) {
    if (k > i) line.push_back(' ');
    if (escapes) {
      bool stop = false;
      line += expand_print_escapes(argv[k], stop);
      if (stop) {
        shell.out().write(line);
        return 0;
      }
    } else {
      line += argv[k];
    }
  }
  if (newline) line.push_back('\n');
  shell.out().write(line);
  return 0;
}

}  // namespace

// Shell-quotes a string as printf %q does in ksh93.
std::string shell_quote(const std::string& s) {
  if (s.empty()) return "''";
  bool plain = true;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-./,:+@%=").find(c) != std::string_view::npos)) {
      plain = false;
    }
  }
  if (plain) return s;
  bool printable = true;
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) printable = false;
  }
  if (printable && s.find('\'') == std::string::npos) return "'" + s + "'";
  std::string out = "$'";
  for (char c : s) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
        else out.push_back(c);
    }
  }
  out += "'";
  return out;
}

namespace {

// The numeric value of a printf argument: integers, floats, 'c / "c (character code).
Number printf_number(Shell& shell, const std::string& arg, bool& bad) {
  bad = false;
  if (arg.empty()) return Number::integer(0);
  if ((arg[0] == '\'' || arg[0] == '"') && arg.size() >= 2) return Number::integer(static_cast<unsigned char>(arg[1]));
  if (auto n = parse_number_literal(arg)) return *n;
  try {
    return shell.eval_arith_string(arg);
  } catch (...) {
    bad = true;
    return Number::integer(0);
  }
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

// One pass of the format over the arguments from `next`; returns false when
// the format consumed no argument (so the caller stops repeating).
bool printf_once(Shell& shell, const std::string& format, const std::vector<std::string>& args, size_t& next,
                 std::string& out, bool& stop, int& status) {
  bool consumed = false;
  auto take = [&]() -> const std::string* {
    if (next < args.size()) {
      consumed = true;
      return &args[next++];
    }
    return nullptr;
  };
  // Not a number: reported, taken as 0, and the status becomes 1 (as in ksh).
  auto take_number = [&] {
    const std::string* a = take();
    bool bad = false;
    Number n = a != nullptr ? printf_number(shell, *a, bad) : Number::integer(0);
    if (bad) {
      shell.error(fmt::format("printf: {}: invalid number", *a));
      status = 1;
    }
    return n;
  };
  for (size_t i = 0; i < format.size() && !stop; ++i) {
    char c = format[i];
    if (c == '\\') {
      size_t j = i + 1;
      // Escapes of the format string itself.
      std::string_view rest = std::string_view(format).substr(i);
      size_t len = 2;
      if (j < format.size() && format[j] >= '0' && format[j] <= '7') {
        len = 1;
        while (len < 4 && i + len < format.size() && format[i + len] >= '0' && format[i + len] <= '7') ++len;
      }
      bool dummy = false;
      std::string_view chunk = rest.substr(0, std::min(len, rest.size()));
      if (chunk.size() >= 2 && chunk[1] >= '0' && chunk[1] <= '7') {
        int v = 0;
        for (size_t k = 1; k < chunk.size(); ++k) v = v * 8 + (chunk[k] - '0');
        out.push_back(static_cast<char>(v));
      } else {
        out += expand_print_escapes(chunk, dummy);
      }
      i += chunk.size() - 1;
      continue;
    }
    if (c != '%') {
      out.push_back(c);
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      out.push_back('%');
      ++i;
      continue;
    }
    size_t start = i++;
    std::string flags;
    while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos) flags += format[i++];
    std::string width;
    if (i < format.size() && format[i] == '*') {
      const std::string* a = take();
      width = a != nullptr ? std::to_string(std::atoi(a->c_str())) : "0";
      ++i;
    } else {
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) width += format[i++];
    }
    std::string precision;
    bool has_precision = false;
    if (i < format.size() && format[i] == '.') {
      has_precision = true;
      ++i;
      if (i < format.size() && format[i] == '*') {
        const std::string* a = take();
        precision = a != nullptr ? std::to_string(std::atoi(a->c_str())) : "0";
        ++i;
      } else {
        while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) precision += format[i++];
      }
    }
    while (i < format.size() && std::string_view("hlLjzt").find(format[i]) != std::string_view::npos) ++i;
    std::string time_format;
    if (i < format.size() && format[i] == '(') {
      size_t close = format.find(")T", i);
      if (close != std::string::npos) {
        time_format = format.substr(i + 1, close - i - 1);
        i = close + 1;
      }
    }
    if (i >= format.size()) {
      out += format.substr(start);
      break;
    }
    char conv = format[i];
    std::string spec = "%" + flags + width + (has_precision ? "." + precision : "");
    char buf[512];
    auto emit_string = [&](const std::string& s) {
      std::string f = spec + "s";
      int n = std::snprintf(buf, sizeof buf, f.c_str(), s.c_str());
      if (n >= 0 && static_cast<size_t>(n) < sizeof buf) {
        out.append(buf, static_cast<size_t>(n));
      } else {
        std::vector<char> big(static_cast<size_t>(n) + 1);
        std::snprintf(big.data(), big.size(), f.c_str(), s.c_str());
        out.append(big.data(), static_cast<size_t>(n));
      }
    };
    switch (conv) {
      case 's': {
        const std::string* a = take();
        emit_string(a != nullptr ? *a : std::string());
        break;
      }
      case 'b': {
        const std::string* a = take();
        bool stop_here = false;
        emit_string(a != nullptr ? expand_print_escapes(*a, stop_here) : std::string());
        if (stop_here) stop = true;
        break;
      }
      case 'q': {
        const std::string* a = take();
        emit_string(shell_quote(a != nullptr ? *a : std::string()));
        break;
      }
      case 'T': {
        const std::string* a = take();
        bool invalid = false;
        emit_string(format_time(time_format, a != nullptr ? *a : std::string(), invalid));
        if (invalid) {
          shell.error("printf: warning: invalid argument of type T");
          status = 1;
        }
        break;
      }
      case 'c': {
        const std::string* a = take();
        std::string ch = a != nullptr && !a->empty() ? a->substr(0, 1) : std::string();
        emit_string(ch);
        break;
      }
      case 'd':
      case 'i':
      case 'o':
      case 'u':
      case 'x':
      case 'X': {
        Number n = take_number();
        std::string f = spec + "ll" + (conv == 'i' ? 'd' : conv);
        std::snprintf(buf, sizeof buf, f.c_str(), static_cast<long long>(n.as_int()));
        out += buf;
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        Number n = take_number();
        std::string f = spec + "L" + conv;
        std::snprintf(buf, sizeof buf, f.c_str(), n.as_float());
        out += buf;
        break;
      }
      default:
        // ksh prints nothing at all for a format it cannot use.
        shell.error(fmt::format("printf: %{}: unknown format specifier", conv));
        status = 1;
        stop = true;
        out.clear();
    }
  }
  return consumed;
}

int run_printf(Shell& shell, const std::string& format, const std::vector<std::string>& args, std::string& out) {
  size_t next = 0;
  bool stop = false;
  int status = 0;
  do {
    bool consumed = printf_once(shell, format, args, next, out, stop, status);
    if (!consumed) break;
  } while (next < args.size() && !stop);
  return status;
}

int builtin_printf(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  std::string variable;
  while (i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-') {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-v" && i + 1 < argv.size()) {
      variable = argv[i + 1];
      i += 2;
      continue;
    }
    break;
  }
  if (i >= argv.size()) {
    shell.error("printf: usage: printf [-v var] format [args...]");
    return 2;
  }
  std::string format = argv[i];
  std::vector<std::string> args(argv.begin() + static_cast<long>(i) + 1, argv.end());
  std::string out;
  int status = run_printf(shell, format, args, out);
  if (!variable.empty()) shell.assign(variable, out);
  else shell.out().write(out);
  return status;
}

int builtin_print(Shell& shell, std::vector<std::string>& argv) {
  bool raw = false, newline = true, values = false;
  int fd = 1;
  std::string format;
  bool has_format = false;
  size_t i = 1;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "-" ) {
      ++i;
      break;
    }
    if (a.size() < 2 || a[0] != '-') break;
    bool ok = true;
    for (size_t k = 1; k < a.size() && ok; ++k) {
      switch (a[k]) {
        case 'r': raw = true; break;
        case 'R': raw = true; break;
        case 'n': newline = false; break;
        case 'v': values = true; break;
        case 'e': raw = false; break;
        case 's': break;
        case 'p':
          fd = shell.coprocess_input();
          if (fd < 0) {
            shell.error("print: no query process [Bad file descriptor]");
            return 1;
          }
          break;
        case 'u': {
          std::string rest = a.substr(k + 1);
          if (rest.empty() && i + 1 < argv.size()) rest = argv[++i];
          fd = std::atoi(rest.c_str());
          k = a.size();
          break;
        }
        case 'f': {
          std::string rest = a.substr(k + 1);
          if (rest.empty() && i + 1 < argv.size()) rest = argv[++i];
          format = rest;
          has_format = true;
          k = a.size();
          break;
        }
        default: ok = false;
      }
    }
    if (!ok) {
      shell.error(fmt::format("print: {}: unknown option", a));
      return 2;
    }
  }
  std::string out;
  if (values) {  // print -v NAME...: the values (a compound in its indented form)
    for (size_t k = i; k < argv.size(); ++k) out += shell.get_value(argv[k]) + (newline ? "\n" : "");
    shell.write_fd(fd, out);
    return 0;
  }
  if (has_format) {
    std::vector<std::string> args(argv.begin() + static_cast<long>(i), argv.end());
    int status = run_printf(shell, format, args, out);
    shell.write_fd(fd, out);
    return status;
  }
  for (size_t k = i; k < argv.size(); ++k) {
    if (k > i) out.push_back(' ');
    if (raw) {
      out += argv[k];
    } else {
      bool stop = false;
      out += expand_print_escapes(argv[k], stop);
      if (stop) {
        newline = false;
        break;
      }
    }
  }
  if (newline) out.push_back('\n');
  shell.write_fd(fd, out);
  return 0;
}

}  // namespace

void register_output_builtins(BuiltinTable& table) {
  table["echo"] = Builtin{builtin_echo, false};
  table["print"] = Builtin{builtin_print, false};
  table["printf"] = Builtin{builtin_printf, false};
}

}  // namespace forklift::interp
