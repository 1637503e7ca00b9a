// ksh patterns: matching (extended globs through fnmatch's FNM_EXTMATCH),
// pathname expansion and brace expansion, all on pattern-form strings where
// a quoted character is preceded by a backslash.
#include <dirent.h>
#include <fnmatch.h>
#include <regex.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "interp/expand/expander.h"
#include "interp/text/locale_text.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

bool has_active_pattern_chars(std::string_view pattern) {
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\') {
      ++i;
      continue;
    }
    if (c == '*' || c == '?' || c == '[') return true;
    if (c == '(' && i > 0 && std::string_view("?*+@!").find(pattern[i - 1]) != std::string_view::npos) return true;
  }
  return false;
}

bool literal_equal(std::string_view pattern, std::string_view text) {
  size_t t = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) c = pattern[++i];
    if (t >= text.size() || text[t] != c) return false;
    ++t;
  }
  return t == text.size();
}

bool known_class(std::string_view name) {
  static constexpr std::string_view kClasses[] = {"alnum", "alpha", "blank", "cntrl", "digit",  "graph", "lower",
                                                  "print", "punct", "space", "upper", "xdigit", "word"};
  return std::find(std::begin(kClasses), std::end(kClasses), name) != std::end(kClasses);
}

// Where the bracket expression opened at `open` ends (its `]`), or npos when
// it does not close (the `[` is then an ordinary character).
size_t bracket_end(std::string_view pattern, size_t open) {
  size_t i = open + 1;
  if (i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^')) ++i;
  if (i < pattern.size() && pattern[i] == ']') ++i;
  for (; i < pattern.size(); ++i) {
    if (pattern[i] == '\\') {
      ++i;
    } else if (pattern[i] == '[' && i + 1 < pattern.size() && std::strchr(":=.", pattern[i + 1]) != nullptr) {
      size_t close = pattern.find(std::string{pattern[i + 1], ']'}, i + 2);
      if (close == std::string_view::npos) return std::string_view::npos;
      i = close + 1;
    } else if (pattern[i] == ']') {
      return i;
    }
  }
  return std::string_view::npos;
}

// ksh93's classes in fnmatch's terms: `[:word:]` is `[:alnum:]_`. False
// when a bracket names a class ksh93 does not know: such a pattern matches
// nothing, not even through another alternative of `@(…|…)`.
bool ksh_classes(std::string& pattern) {
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\') {
      ++i;
      continue;
    }
    if (pattern[i] != '[') continue;
    size_t end = bracket_end(pattern, i);
    if (end == std::string::npos) continue;
    // Inside the bracket: an escaped `[` opens no class (bracket_end closed every unescaped one).
    for (size_t at = i + 1; at < end; ++at) {
      if (pattern[at] == '\\') {
        ++at;
        continue;
      }
      if (pattern.compare(at, 2, "[:") != 0) continue;
      size_t close = pattern.find(":]", at + 2);
      std::string_view name = std::string_view(pattern).substr(at + 2, close - at - 2);
      if (!known_class(name)) return false;
      if (name == "word") {
        pattern.replace(at, close + 2 - at, "[:alnum:]_");
        end = bracket_end(pattern, i);
      }
      at = pattern.find(":]", at) + 1;
    }
    i = end;
  }
  return true;
}

// A bracket expression of pattern form as glibc's regular expressions read
// it, or nullopt when a quoted `]`, `^` or `-` would need a place of its own.
std::optional<std::string> regex_bracket(std::string_view bracket) {
  std::string out = "[";
  size_t i = 1;
  if (i < bracket.size() && (bracket[i] == '!' || bracket[i] == '^')) {
    out.push_back('^');
    ++i;
  }
  for (; i + 1 < bracket.size(); ++i) {
    char c = bracket[i];
    if (c == '\\') {
      c = bracket[++i];
      if (c == ']' || c == '^' || c == '-' || c == '[') return std::nullopt;
    }
    out.push_back(c);
  }
  out.push_back(']');
  return out;
}

// One compiled regular expression, kept while the same one is asked for
// again (a pattern is usually matched against many texts in a row).
class RegexCache {
 public:
  // Whether `text` holds a match of `source`; false when it does not compile.
  bool search(const std::string& source, int flags, std::string_view text) {
    if (!compiled_ || source_ != source || flags_ != flags) compile(source, flags);
    if (!valid_) return false;
    std::string subject(text);
    return regexec(&regex_, subject.c_str(), 0, nullptr, 0) == 0;
  }

  RegexCache() = default;
  RegexCache(const RegexCache&) = delete;
  RegexCache& operator=(const RegexCache&) = delete;
  ~RegexCache() {
    if (valid_) regfree(&regex_);
  }

 private:
  void compile(const std::string& source, int flags) {
    if (valid_) regfree(&regex_);
    source_ = source;
    flags_ = flags;
    compiled_ = true;
    valid_ = regcomp(&regex_, source.c_str(), flags | REG_EXTENDED | REG_NOSUB) == 0;
  }

  std::string source_;
  int flags_ = 0;
  bool compiled_ = false;
  bool valid_ = false;
  regex_t regex_{};
};

bool has_option(std::string_view options, char c) { return options.find(c) != std::string_view::npos; }

// The body of `~(E)` or `~(F)` as an extended regular expression: for F
// every character is literal; for E a quoted character is, but for a letter
// (ksh keeps `\b`, `\w` and reads `\d` as a digit).
std::string option_regex_source(std::string_view options, std::string_view body) {
  bool fixed = has_option(options, 'F');
  std::string source = has_option(options, 'l') ? "^(" : "(";
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    bool escaped = c == '\\' && i + 1 < body.size();
    if (escaped) c = body[++i];
    if (!fixed && !escaped) {
      source.push_back(c);
    } else if (!fixed && std::isalpha(static_cast<unsigned char>(c)) != 0) {
      source += c == 'd' ? "[[:digit:]]" : c == 'D' ? "[^[:digit:]]" : std::string("\\") + c;
    } else {
      if (std::strchr(".[]()*+?{}|^$\\", c) != nullptr) source.push_back('\\');
      source.push_back(c);
    }
  }
  source += has_option(options, 'r') ? ")$" : ")";
  return source;
}

// ksh93's `~(E)` and `~(F)`: the rest of the pattern is an extended regular
// expression or a fixed string, found anywhere in the text unless `l` or `r`
// anchors it; `~(i)` matches the pattern ignoring case, as `i` does with the
// others. Nullopt when `options` are not all ones handled here.
std::optional<bool> option_match(std::string_view options, std::string_view body, std::string_view text) {
  static thread_local RegexCache cache;
  int flags = has_option(options, 'i') ? REG_ICASE : 0;
  if ((has_option(options, 'E') || has_option(options, 'F')) && options.find_first_not_of("EFlri") == std::string_view::npos) {
    return cache.search(option_regex_source(options, body), flags, text);
  }
  if (options == "i") {
    std::string pattern(body), subject(text);
    return text::fnmatch_chars(pattern.c_str(), subject.c_str(), FNM_EXTMATCH | FNM_CASEFOLD) == 0;
  }
  return std::nullopt;
}

// Patterns fnmatch does not read: `{2,5}(…)` repeats, `*-(…)` shortest
// matches, `\d` `\s` `\w` inside a group. They are matched as the regular
// expression they translate to.
bool needs_regex(std::string_view pattern) {
  if (pattern.find("}(") != std::string_view::npos || pattern.find("-(") != std::string_view::npos) return true;
  if (pattern.find('(') == std::string_view::npos) return false;
  for (size_t i = pattern.find('\\'); i != std::string_view::npos && i + 1 < pattern.size(); i = pattern.find('\\', i + 2)) {
    if (std::strchr("dDsSwW", pattern[i + 1]) != nullptr) return true;
  }
  return false;
}

std::optional<bool> regex_match(std::string_view pattern, std::string_view text) {
  static thread_local RegexCache cache;
  std::optional<std::string> regex = ksh_pattern_regex(pattern);
  if (!regex) return std::nullopt;
  return cache.search("^(" + *regex + ")$", 0, text);
}

}  // namespace

namespace {

// `{2,5}(` at `i`: the bounds text "{2,5}" and where its `(` is; npos when
// no repeat count opens a group there.
size_t repeat_group(std::string_view pattern, size_t i) {
  if (pattern[i] != '{') return std::string_view::npos;
  size_t close = pattern.find('}', i);
  if (close == std::string_view::npos || close + 1 >= pattern.size() || pattern[close + 1] != '(') {
    return std::string_view::npos;
  }
  std::string_view bounds = pattern.substr(i + 1, close - i - 1);
  if (bounds.empty() || bounds.find_first_not_of("0123456789,") != std::string_view::npos) return std::string_view::npos;
  return close + 1;
}

// ksh's escapes for classes inside a group: \d \s \w and their negations.
const char* class_escape(char c) {
  switch (c) {
    case 'd': return "[[:digit:]]";
    case 'D': return "[^[:digit:]]";
    case 's': return "[[:space:]]";
    case 'S': return "[^[:space:]]";
    case 'w': return "[[:alnum:]_]";
    case 'W': return "[^[:alnum:]_]";
    default: return nullptr;
  }
}

}  // namespace

std::optional<std::string> ksh_pattern_regex(std::string_view pattern) {
  std::string out;
  std::vector<std::string> groups;  // what closes each open group: ")", ")*", "){2,5}"
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    // `*-(…)`: the shortest match, which a whole match does not tell apart.
    bool minimal = i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] == '(';
    bool opens = minimal || (i + 1 < pattern.size() && pattern[i + 1] == '(');
    size_t repeat = repeat_group(pattern, i);
    if (c == '\\' && i + 1 < pattern.size()) {
      c = pattern[++i];
      const char* escape = groups.empty() ? nullptr : class_escape(c);
      if (escape != nullptr) {
        out.append(escape);
        continue;
      }
      if (std::strchr(".[]()*+?{}|^$\\", c) != nullptr) out.push_back('\\');
      out.push_back(c);
    } else if (repeat != std::string_view::npos) {
      groups.push_back(")" + std::string(pattern.substr(i, repeat - i)));
      out.push_back('(');
      i = repeat;
    } else if (opens && std::strchr("@*+?", c) != nullptr) {
      groups.push_back(c == '@' ? ")" : std::string(")") + c);
      out.push_back('(');
      i += minimal ? 2 : 1;
    } else if (opens && c == '!') {
      return std::nullopt;  // no regular expression says "anything but"
    } else if (c == '*') {
      out.append(".*");
    } else if (c == '?') {
      out.push_back('.');
    } else if (c == '[') {
      size_t end = bracket_end(pattern, i);
      if (end == std::string_view::npos) {
        out.append("\\[");
        continue;
      }
      std::optional<std::string> bracket = regex_bracket(pattern.substr(i, end + 1 - i));
      if (!bracket) return std::nullopt;
      out.append(*bracket);
      i = end;
    } else if (c == ')' && !groups.empty()) {
      out.append(groups.back());
      groups.pop_back();
    } else if (c == '|' && !groups.empty()) {
      out.push_back('|');
    } else if (c == '(' || c == ')' || c == '|' || (opens && c == '~')) {
      return std::nullopt;  // ksh93's own forms (`~(E)`, bare groups): not translated
    } else {
      if (std::strchr(".{}^$+", c) != nullptr) out.push_back('\\');
      out.push_back(c);
    }
  }
  if (!groups.empty()) return std::nullopt;
  return out;
}

std::string ksh_regex(std::string_view pattern) {
  std::string out;
  out.reserve(pattern.size());
  size_t bracket_close = std::string_view::npos;  // of the bracket we are in
  for (size_t i = 0; i < pattern.size(); ++i) {
    bool inside = bracket_close != std::string_view::npos;
    if (inside && i == bracket_close) bracket_close = std::string_view::npos;
    char c = pattern[i];
    if (!inside && c == '[') {
      bracket_close = bracket_end(pattern, i);
    } else if (inside && pattern.compare(i, 8, "[:word:]") == 0) {
      out.append("[:alnum:]_");
      i += 7;
      continue;
    } else if (c == '\\' && i + 1 < pattern.size()) {
      char e = pattern[++i];
      if (e == 'd') {
        out.append(inside ? "[:digit:]" : "[[:digit:]]");
      } else if (e == 'D' && !inside) {
        out.append("[^[:digit:]]");
      } else if (inside && std::strchr("-]^[", e) != nullptr) {
        // A quoted character a bracket gives a meaning to: a collating
        // element of its own, which is only itself.
        out += fmt::format("[.{}.]", e);
      } else if (inside) {
        out.push_back(e);  // a bracket reads a backslash as itself
      } else {
        out.push_back(c);
        out.push_back(e);
      }
      continue;
    }
    out.push_back(c);
  }
  return out;
}

bool Shell::pattern_match(std::string_view pattern, std::string_view text) {
  if (pattern.starts_with("~(")) {
    size_t close = pattern.find(')');
    if (close != std::string_view::npos) {
      std::optional<bool> matched = option_match(pattern.substr(2, close - 2), pattern.substr(close + 1), text);
      if (matched) return *matched;
    }
  }
  if (needs_regex(pattern)) {
    if (std::optional<bool> matched = regex_match(pattern, text)) return *matched;
  }
  if (!has_active_pattern_chars(pattern)) return literal_equal(pattern, text);
  if (pattern == "*") return true;
  static thread_local std::string pattern_buffer, text_buffer;
  // A NUL from an escape (a bare `\x`) matches nothing: no value holds one.
  if (pattern.find('\0') != std::string_view::npos) return false;
  pattern_buffer.assign(pattern);
  if (pattern.find("[:") != std::string_view::npos && !ksh_classes(pattern_buffer)) return false;
  text_buffer.assign(text);
  return text::fnmatch_chars(pattern_buffer.c_str(), text_buffer.c_str(), FNM_EXTMATCH) == 0;
}

namespace {

// Whether a directory entry is a match for one pattern component.
bool glob_entry_matches(const std::string& component, const char* name, const std::string* fignore) {
  std::string_view entry = name;
  if (entry == "." || entry == "..") return false;  // ksh93u+m: no pattern matches them
  if (fignore == nullptr) return text::fnmatch_chars(component.c_str(), name, FNM_EXTMATCH | FNM_PERIOD) == 0;
  if (!fignore->empty() && text::fnmatch_chars(fignore->c_str(), name, FNM_EXTMATCH) == 0) return false;
  return text::fnmatch_chars(component.c_str(), name, FNM_EXTMATCH) == 0;
}

// The subdirectories of `base`, hidden ones too (ksh's `**` goes into them
// though `*` does not name them), sorted; symbolic links are not followed,
// so a walk cannot loop.
std::vector<std::string> subdirectories(const std::string& base) {
  std::vector<std::string> names;
  DIR* dir = ::opendir(base.empty() ? "." : base.c_str());
  if (dir == nullptr) return names;
  while (struct dirent* entry = ::readdir(dir)) {
    std::string_view name = entry->d_name;
    struct stat st;
    if (name != "." && name != ".." && ::lstat((base + entry->d_name).c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      names.emplace_back(entry->d_name);
    }
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

void glob_walk(const std::string& base, const std::vector<std::string>& components, size_t index,
               const std::string* fignore, bool globstar, std::vector<std::string>& out) {
  if (index == components.size()) {
    out.push_back(base);
    return;
  }
  const std::string& component = components[index];
  bool last = index + 1 == components.size();
  if (globstar && component == "**") {
    // Any number of directories, none included; as the last component,
    // every name below as well.
    if (last) glob_walk(base, {"*"}, 0, fignore, false, out);
    else glob_walk(base, components, index + 1, fignore, globstar, out);
    for (const std::string& name : subdirectories(base)) {
      glob_walk(base + name + '/', components, index, fignore, globstar, out);
    }
    return;
  }
  if (!has_active_pattern_chars(component)) {
    std::string next = base + unescape_pattern(component);
    if (!last) next += '/';
    struct stat st;
    if (last ? ::lstat(next.c_str(), &st) == 0 : ::stat(next.c_str(), &st) == 0) {
      glob_walk(next, components, index + 1, fignore, globstar, out);
    }
    else if (!last) return;
    return;
  }
  DIR* dir = ::opendir(base.empty() ? "." : base.c_str());
  if (dir == nullptr) return;
  std::vector<std::string> names;
  while (struct dirent* entry = ::readdir(dir)) {
    if (glob_entry_matches(component, entry->d_name, fignore)) names.emplace_back(entry->d_name);
  }
  ::closedir(dir);
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    std::string next = base + name;
    if (!last) {
      struct stat st;
      if (::stat(next.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
      next += '/';
    }
    glob_walk(next, components, index + 1, fignore, globstar, out);
  }
}

}  // namespace

std::vector<std::string> glob_pattern(const std::string& pattern, const std::string* fignore, bool globstar) {
  std::vector<std::string> components;
  std::string base;
  size_t start = 0;
  if (!pattern.empty() && pattern[0] == '/') {
    base = "/";
    start = 1;
  }
  std::string component;
  for (size_t i = start; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      component += pattern[i];
      component += pattern[++i];
      continue;
    }
    if (pattern[i] == '/') {
      if (!component.empty()) components.push_back(std::move(component));
      component.clear();
      continue;
    }
    component += pattern[i];
  }
  if (!component.empty()) components.push_back(std::move(component));
  std::vector<std::string> out;
  if (components.empty()) return out;
  glob_walk(base, components, 0, fignore, globstar, out);
  if (globstar && std::find(components.begin(), components.end(), "**") != components.end()) {
    // A trailing `/**` also matches nothing at all, the slash included.
    if (components.size() > 1 && components.back() == "**") {
      components.pop_back();
      glob_walk(base, components, 0, fignore, globstar, out);
    }
    // The directories `**` passes through come in any order relative to the
    // names beside them: the matches are listed sorted, as ksh lists them.
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
  if (!pattern.empty() && pattern.back() == '/') {
    // A trailing slash keeps the directories alone.
    std::erase_if(out, [](const std::string& m) {
      struct stat st;
      return ::stat(m.c_str(), &st) != 0 || !S_ISDIR(st.st_mode);
    });
    for (auto& m : out) m += '/';
  }
  return out;
}

namespace {

// Finds the first brace group "{...}" with a ',' or '..' at depth 1.
bool find_brace_group(const std::string& text, size_t& open, size_t& close, std::vector<size_t>& commas) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;
      continue;
    }
    if (text[i] != '{') continue;
    int depth = 0;
    commas.clear();
    for (size_t k = i; k < text.size(); ++k) {
      char c = text[k];
      if (c == '\\') {
        ++k;
        continue;
      }
      if (c == '{') {
        ++depth;
      } else if (c == '}') {
        if (--depth == 0) {
          bool range = commas.empty() && text.find("..", i) < k;
          if (!commas.empty() || range) {
            open = i;
            close = k;
            return true;
          }
          break;
        }
      } else if (c == ',' && depth == 1) {
        commas.push_back(k);
      }
    }
  }
  return false;
}

// A range bound or step: C notation (0x10, 010), else decimal (08).
bool parse_int(std::string_view s, long& out) {
  if (s.empty()) return false;
  std::string copy(s);
  char* end = nullptr;
  out = std::strtol(copy.c_str(), &end, 0);
  if (*end == '\0') return true;
  out = std::strtol(copy.c_str(), &end, 10);
  return *end == '\0';
}

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// The printf format that may end a numeric range (`{0..64..8%03o}`): flags,
// width, precision, ksh's `..BASE` and one of d i o u x X.
struct RangeFormat {
  std::string c_format;  // for snprintf, with `ll`
  int base = 0;          // of `..BASE`, which prints digits of that base
  size_t width = 0;
  bool zero_fill = false;
  bool left = false;
};

std::optional<RangeFormat> parse_range_format(std::string_view text) {
  RangeFormat f;
  size_t i = 1;
  while (i < text.size() && std::strchr("-+ #0", text[i]) != nullptr) {
    f.zero_fill |= text[i] == '0';
    f.left |= text[i] == '-';
    ++i;
  }
  size_t width_begin = i;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) ++i;
  f.width = static_cast<size_t>(std::atoi(std::string(text.substr(width_begin, i - width_begin)).c_str()));
  if (i < text.size() && text[i] == '.' && text.compare(i, 2, "..") != 0) {
    ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) ++i;
  }
  size_t printf_end = i;
  if (text.compare(i, 2, "..") == 0) {
    size_t base_begin = i + 2;
    for (i = base_begin; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0;) ++i;
    f.base = std::atoi(std::string(text.substr(base_begin, i - base_begin)).c_str());
    if (f.base < 2 || f.base > 36) return std::nullopt;
  }
  if (i + 1 != text.size() || std::strchr("diouxX", text[i]) == nullptr) return std::nullopt;
  f.c_format = std::string(text.substr(0, printf_end)) + "ll" + text[i];
  return f;
}

std::string format_range_value(const RangeFormat& f, long value) {
  if (f.base == 0) {
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, f.c_format.c_str(), static_cast<long long>(value));
    return buffer;
  }
  unsigned long magnitude = value < 0 ? 0UL - static_cast<unsigned long>(value) : static_cast<unsigned long>(value);
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[magnitude % static_cast<unsigned>(f.base)]);
    magnitude /= static_cast<unsigned>(f.base);
  } while (magnitude != 0);
  if (value < 0) digits.insert(digits.begin(), '-');
  if (digits.size() >= f.width) return digits;
  std::string pad(f.width - digits.size(), f.zero_fill && !f.left ? '0' : ' ');
  return f.left ? digits + pad : pad + digits;
}

// {a..b[..step]}: the step's sign is the direction; a step against the
// direction gives the first bound alone, and a zero step no range at all.
// Letters range only between two of the same case.
bool expand_range(std::string_view body, std::vector<std::string>& items) {
  std::optional<RangeFormat> format;
  if (size_t percent = body.find('%'); percent != std::string_view::npos) {
    format = parse_range_format(body.substr(percent));
    if (!format) return false;
    body = body.substr(0, percent);
  }
  size_t dots = body.find("..");
  if (dots == std::string_view::npos) return false;
  std::string_view first = body.substr(0, dots);
  std::string_view rest = body.substr(dots + 2);
  std::string_view last = rest;
  long step = 0;
  size_t dots2 = rest.find("..");
  if (dots2 != std::string_view::npos) {
    last = rest.substr(0, dots2);
    if (!parse_int(rest.substr(dots2 + 2), step) || step == 0) return false;
  }
  long a, b;
  bool numbers = parse_int(first, a) && parse_int(last, b);
  if (!numbers) {
    if (first.size() != 1 || last.size() != 1 || !is_letter(first[0]) || !is_letter(last[0])) return false;
    if ((std::isupper(static_cast<unsigned char>(first[0])) != 0) != (std::isupper(static_cast<unsigned char>(last[0])) != 0)) {
      return false;
    }
    a = first[0];
    b = last[0];
  }
  if (step == 0) step = a <= b ? 1 : -1;
  if (format && !numbers) return false;
  auto add = [&](long v) {
    if (format) items.push_back(format_range_value(*format, v));
    else if (numbers) items.push_back(std::to_string(v));
    else items.emplace_back(1, static_cast<char>(v));
  };
  if (step > 0) {
    for (long v = a; v <= b; v += step) add(v);
  } else {
    for (long v = a; v >= b; v += step) add(v);
  }
  if (items.empty()) add(a);
  return true;
}

}  // namespace

void brace_expand(const std::string& text, std::vector<std::string>& out) {
  size_t open = 0, close = 0;
  std::vector<size_t> commas;
  if (!find_brace_group(text, open, close, commas)) {
    out.push_back(text);
    return;
  }
  std::string prefix = text.substr(0, open);
  std::string suffix = text.substr(close + 1);
  std::vector<std::string> items;
  if (commas.empty()) {
    if (!expand_range(std::string_view(text).substr(open + 1, close - open - 1), items)) {
      // Not a valid range: keep the braces literally, expand what follows.
      std::vector<std::string> rest;
      brace_expand(suffix, rest);
      for (auto& r : rest) out.push_back(text.substr(0, close + 1) + r);
      return;
    }
  } else {
    size_t start = open + 1;
    for (size_t comma : commas) {
      items.push_back(text.substr(start, comma - start));
      start = comma + 1;
    }
    items.push_back(text.substr(start, close - start));
  }
  for (const std::string& item : items) brace_expand(prefix + item + suffix, out);
}

}  // namespace forklift::interp
