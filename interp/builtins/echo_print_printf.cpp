// echo, print and printf.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include <fmt/format.h>

#include "analyzer/lex/char_class.h"
#include "interp/builtins/builtins.h"
#include "interp/text/escapes.h"
#include "interp/text/locale_text.h"
#include "interp/builtins/printf_format.h"

namespace forklift::interp {

namespace {

// argv[from…] joined by blanks, escapes decoded unless `raw`; `stopped` at \c
// (ksh still writes the blank that follows the word with it).
std::string echo_list(const std::vector<std::string>& argv, size_t from, bool raw, bool& stopped) {
  std::string out;
  stopped = false;
  for (size_t k = from; k < argv.size() && !stopped; ++k) {
    out += raw ? argv[k] : decode_echo_escapes(argv[k], stopped);
    if (k + 1 < argv.size()) out.push_back(' ');
  }
  return out;
}

int builtin_echo(Shell& shell, std::vector<std::string>& argv) {
  size_t i = 1;
  bool newline = true, escapes = false;
  // ksh's echo on Linux (BSD style) knows exactly -n, -e, -ne and -en.
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a != "-n" && a != "-e" && a != "-ne" && a != "-en") break;
    if (a.find('n') != std::string::npos) newline = false;
    if (a.find('e') != std::string::npos) escapes = true;
  }
  bool stopped = false;
  std::string line = echo_list(argv, i, !escapes, stopped);
  if (stopped) newline = false;
  if (newline) line.push_back('\n');
  shell.out().write(line);
  return 0;
}

}  // namespace

namespace {

// Length of the character at s[i] that %q may keep as it is: 0 for a control
// character or a byte outside ASCII (in the C locale) or outside valid UTF-8.
size_t printable_length(const std::string& s, size_t i) {
  auto byte = static_cast<unsigned char>(s[i]);
  if (byte < 0x20 || byte == 0x7f) return 0;
  if (byte < 0x80) return 1;
  size_t len = text::utf8() ? text::char_length(s, i) : 1;
  return len > 1 ? len : 0;
}

bool is_hex_digit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

// Shell-quotes a string as printf %q does in ksh93: bare when every character
// is safe, '…' when all are printable, else $'…' with escapes. A leading
// NAME= stays bare and the rest is quoted on its own; `#` and `~` need quotes
// only where a word or that rest starts (or right after a leading name).
std::string shell_quote(const std::string& whole) {
  if (whole.empty()) return "''";
  std::string prefix;
  size_t scan = 0;  // the first character a quote may need to cover
  if (is_name_start(whole[0])) {
    while (scan < whole.size() && is_name_char(whole[scan])) ++scan;
    if (scan == whole.size()) return whole;
    if (whole[scan] == '=') {
      if (scan + 1 == whole.size()) return whole;
      scan += whole[scan + 1] == '=' ? 2 : 1;
      prefix = whole.substr(0, scan);
    }
  }
  std::string s = whole.substr(prefix.size());
  size_t first = scan - prefix.size();
  bool plain = !s.empty() && s[first] != '#' && s[first] != '~';
  bool printable = true;
  for (size_t i = 0; i < s.size();) {
    size_t len = printable_length(s, i);
    if (len == 0 || s[i] == '\'') {
      plain = printable = false;
      break;
    }
    if (len == 1 && !(std::isalnum(static_cast<unsigned char>(s[i])) ||
                      std::string_view("_-./,:+@%!^#~").find(s[i]) != std::string_view::npos)) {
      plain = false;
    }
    i += len;
  }
  if (plain) return whole;
  if (printable) return prefix + "'" + s + "'";
  std::string out = prefix + "$'";

  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    size_t len = printable_length(s, i);
    switch (c) {
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\033': out += "\\E"; break;
      case '\'': out += "\\'"; break;
      case '\\': out += "\\\\"; break;
      default: {
        if (len > 0) {
          out.append(s, i, len);
          i += len;
          continue;
        }
        // \x takes every hex digit that follows: bracket the value when one does.
        bool next_is_hex = i + 1 < s.size() && is_hex_digit(s[i + 1]);
        std::string hex = fmt::format("{:02x}", static_cast<unsigned char>(c));
        out += next_is_hex ? "\\x[" + hex + "]" : "\\x" + hex;
      }
    }
    ++i;
  }
  out += "'";
  return out;
}

namespace {

int builtin_print(Shell& shell, std::vector<std::string>& argv) {
  bool raw = false, newline = true, values = false, to_history = false, options_end = false;
  int fd = 1;
  std::string format;
  bool has_format = false;
  size_t i = 1;
  for (; i < argv.size() && !options_end; ++i) {
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
        case 'R':  // the old form: -R, -Rn or -R -n, and no options after it
          raw = options_end = true;
          if (a.find('n') != std::string::npos) newline = false;
          if (i + 1 < argv.size() && argv[i + 1] == "-n") {
            newline = false;
            ++i;
          }
          k = a.size();
          break;
        case 'n': newline = false; break;
        case 'v': values = true; break;
        case 'e': raw = false; break;
        case 's': to_history = true; break;  // the history file: a script has none
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
          k = a.size();
          if (rest == "p") {
            fd = shell.coprocess_input();
          } else {
            char* end = nullptr;
            long unit = std::strtol(rest.c_str(), &end, 10);
            fd = !rest.empty() && *end == '\0' && unit >= 0 && unit < 1024 ? static_cast<int>(unit) : -1;
          }
          if (fd < 0 || ::fcntl(fd, F_GETFD) == -1) {
            if (fd != 1) shell.error("print: bad file unit number [Bad file descriptor]");
            return 1;
          }
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
  auto emit = [&] {
    if (!to_history) shell.write_fd(fd, out);
  };
  if (values) {  // print -v NAME...: the values (a compound in its indented form)
    for (size_t k = i; k < argv.size(); ++k) out += shell.get_value(argv[k]) + (newline ? "\n" : "");
    emit();
    return 0;
  }
  if (has_format) {
    std::vector<std::string> args(argv.begin() + static_cast<long>(i), argv.end());
    int status = run_printf(shell, format, args, out);
    emit();
    return status;
  }
  bool stopped = false;
  out = echo_list(argv, i, raw, stopped);
  if (stopped) newline = false;
  if (newline) out.push_back('\n');
  emit();
  return 0;
}

}  // namespace

void register_output_builtins(BuiltinTable& table) {
  table["echo"] = Builtin{builtin_echo, false};
  table["print"] = Builtin{builtin_print, false};
  table["printf"] = Builtin{builtin_printf, false};
}

}  // namespace forklift::interp
