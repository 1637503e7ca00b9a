#include "config/path_glob.h"

namespace forklift {
namespace {

// Matches the class starting at pattern[0] == '[' against c. Sets `length` to
// the class's length in the pattern, or 0 when the class is unterminated (then
// '[' is an ordinary character).
bool class_matches(std::string_view pattern, char c, size_t& length) {
  size_t i = 1;
  bool negated = i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^');
  if (negated) ++i;
  bool matched = false;
  bool first = true;
  while (i < pattern.size() && (first || pattern[i] != ']')) {
    first = false;
    char low = pattern[i];
    if (low == '\\' && i + 1 < pattern.size()) low = pattern[++i];
    char high = low;
    if (i + 2 < pattern.size() && pattern[i + 1] == '-' && pattern[i + 2] != ']') {
      high = pattern[i + 2];
      i += 2;
    }
    if (low <= c && c <= high) matched = true;
    ++i;
  }
  if (i >= pattern.size()) {
    length = 0;
    return false;
  }
  length = i + 1;
  return matched != negated && c != '/';
}

bool match_from(std::string_view pattern, std::string_view path);

bool match_double_star(std::string_view rest, std::string_view path) {
  if (rest.empty()) return true;
  bool slash = rest.front() == '/';
  for (size_t i = 0; i <= path.size(); ++i) {
    bool at_component = i == 0 || path[i - 1] == '/';
    // `**/` also matches no directory at all.
    if (slash && at_component && match_from(rest.substr(1), path.substr(i))) return true;
    if (!slash && match_from(rest, path.substr(i))) return true;
  }
  return false;
}

bool match_from(std::string_view pattern, std::string_view path) {
  while (!pattern.empty()) {
    char p = pattern.front();
    if (p == '*' && pattern.starts_with("**")) return match_double_star(pattern.substr(2), path);
    if (p == '*') {
      for (size_t i = 0; i <= path.size(); ++i) {
        if (match_from(pattern.substr(1), path.substr(i))) return true;
        if (i < path.size() && path[i] == '/') break;
      }
      return false;
    }
    if (path.empty()) return false;
    size_t advance = 1;
    if (p == '?') {
      if (path.front() == '/') return false;
    } else if (p == '[') {
      size_t length = 0;
      bool matched = class_matches(pattern, path.front(), length);
      if (length == 0) {
        if (path.front() != '[') return false;
      } else {
        if (!matched) return false;
        advance = length;
      }
    } else {
      if (p == '\\' && pattern.size() > 1) {
        pattern.remove_prefix(1);
        p = pattern.front();
      }
      if (p != path.front()) return false;
    }
    pattern.remove_prefix(advance);
    path.remove_prefix(1);
  }
  return path.empty();
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view path) { return match_from(pattern, path); }

}  // namespace forklift
