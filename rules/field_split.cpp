#include "rules/field_split.h"

#include <cctype>

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

std::string FieldNumber::arithmetic() const {
  if (variable.empty()) return std::to_string(literal);
  // A name reads the same bare in `$(( ))`; `$1` does not.
  return std::isdigit(static_cast<unsigned char>(variable[0])) ? fmt::format("${}", variable) : variable;
}

std::string FieldNumber::expansion() const {
  return variable.empty() ? std::to_string(literal) : fmt::format("${}", variable);
}

std::string counted_field_statement(std::string_view target, std::string_view value, std::string_view counter,
                                    std::string_view rest, const CountedFieldSpec& spec) {
  std::string c = shell_quoted_pattern(std::string_view(&spec.delimiter, 1));
  std::string steps = fmt::format("{}=${}", target, value);
  if (!spec.first.variable.empty() || spec.first.literal > 1) {
    // A value without the delimiter is printed whole, whatever the field.
    steps += fmt::format(
        "; case ${0} in *{1}*) {2}={3}; while [ \"${2}\" -gt 1 ]; do case ${0} in *{1}*) {0}=${{{0}#*{1}}} ;; *) {0}= ; "
        "break ;; esac; {2}=$(({2} - 1)); done ;; esac",
        target, c, counter, spec.first.expansion());
  }
  if (spec.last) {
    steps += fmt::format(
        "; {1}=${0}; {0}=${{{1}%%{2}*}}; {3}=$(({4} - {5})); while [ \"${3}\" -gt 0 ]; do case ${1} in *{2}*) "
        "{1}=${{{1}#*{2}}}; {0}=${0}{2}${{{1}%%{2}*}} ;; *) break ;; esac; {3}=$(({3} - 1)); done",
        target, rest, c, counter, spec.last->arithmetic(), spec.first.arithmetic());
  } else if (!spec.to_end) {
    steps += fmt::format("; {0}=${{{0}%%{1}*}}", target, c);
  }
  return steps;
}

std::vector<std::string> numbers_above(int bound) {
  std::string digits = std::to_string(bound);
  std::vector<std::string> patterns{std::string(digits.size() + 1, '?') + "*"};
  for (size_t k = 0; k < digits.size(); ++k) {
    std::string larger;
    for (char d = static_cast<char>(digits[k] + 1); d <= '9'; ++d) larger += d;
    if (larger.empty()) continue;
    std::string set = larger.size() == 1 ? larger : "[" + larger + "]";
    patterns.push_back(digits.substr(0, k) + set + std::string(digits.size() - k - 1, '?'));
  }
  return patterns;
}

}  // namespace forklift
