#include "rules/shell_quoting.h"

#include <cctype>

namespace forklift {

std::string shell_quoted_pattern(std::string_view text) {
  bool plain = !text.empty();
  for (char c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && std::string_view("._+-,:@%/=").find(c) == std::string_view::npos) {
      plain = false;
    }
  }
  if (plain) return std::string(text);
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

}  // namespace forklift
