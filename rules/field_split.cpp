#include "rules/field_split.h"

#include <fmt/format.h>

#include "rules/shell_quoting.h"

namespace forklift {

std::string field_statement(std::string_view target, std::string_view value, const FieldSpec& spec) {
  std::string c = shell_quoted_pattern(std::string_view(&spec.delimiter, 1));
  std::string enough = "*", steps = fmt::format("{}=${}", target, value);
  for (int i = 1; i < spec.field; ++i) {
    enough += c + "*";
    steps += fmt::format("; {0}=${{{0}#*{1}}}", target, c);
  }
  if (spec.last > spec.field) {
    std::string kept;
    for (int i = spec.field; i <= spec.last; ++i) kept += "*" + c;
    steps += fmt::format("; case ${0} in {1}*) {0}=${{{0}%\"${{{0}#{1}}}\"}}; {0}=${{{0}%{2}}} ;; esac", target, kept, c);
  } else if (!spec.to_end) {
    steps += fmt::format("; {0}=${{{0}%%{1}*}}", target, c);
  }
  std::string too_few = spec.field > 2 && spec.whole_without_delimiter ? fmt::format(" *{}*) {}= ;;", c, target) : "";
  std::string none = spec.whole_without_delimiter ? fmt::format("{}=${}", target, value) : fmt::format("{}=", target);
  return fmt::format("case ${} in {}) {} ;;{} *) {} ;; esac", value, enough, steps, too_few, none);
}

}  // namespace forklift
