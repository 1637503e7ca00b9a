// test and [.
#include <regex.h>

#include <optional>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/exec/conditional.h"
#include "interp/errors.h"
#include "interp/expand/expander.h"

namespace forklift::interp {

namespace {

bool is_binary_operator(std::string_view op) {
  return op == "=" || op == "==" || op == "!=" || op == "<" || op == ">" || op == "-eq" || op == "-ne" ||
         op == "-lt" || op == "-le" || op == "-gt" || op == "-ge" || op == "-nt" || op == "-ot" || op == "-ef" ||
         op == "=~";
}

// `=~`: whether `text` holds a match of the extended regular expression.
bool regex_search(const std::string& expression, const std::string& text) {
  regex_t re;
  if (regcomp(&re, ksh_regex(expression).c_str(), REG_EXTENDED | REG_NOSUB) != 0) return false;
  bool matched = regexec(&re, text.c_str(), 0, nullptr, 0) == 0;
  regfree(&re);
  return matched;
}

struct TestParser {
  Shell& shell;
  const std::vector<std::string>& args;
  size_t pos;
  size_t end;
  bool error = false;

  bool binary(const std::string& left, std::string_view op, const std::string& right) {
    if (op == "=" || op == "==") return left == right;
    if (op == "!=") return left != right;
    if (op == "<") return left < right;
    if (op == ">") return left > right;
    if (op == "-nt" || op == "-ot" || op == "-ef") return file_compare(op, left, right);
    if (op == "=~") return regex_search(right, left);
    // Operands are arithmetic expressions, compared as floats when one is.
    std::string_view outer = shell.set_error_command("test");
    Number x, y;
    try {
      x = shell.eval_arith_string(left);
      y = shell.eval_arith_string(right);
    } catch (...) {
      shell.set_error_command(outer);
      throw;
    }
    shell.set_error_command(outer);
    // The operator is one of the six (is_binary_operator).
    return compare_numbers(x, op, y).value_or(false);
  }

  bool primary() {
    if (pos >= end) {
      error = true;
      return false;
    }
    const std::string& a = args[pos];
    // A `!` with nothing to negate before it (`( x -a ! )`) is a string.
    if (a == "!" && pos + 1 < end && args[pos + 1] != ")") {
      ++pos;
      return !primary();
    }
    if (a == "(" ) {
      ++pos;
      bool v = or_expr();
      if (pos < end && args[pos] == ")") ++pos;
      else error = true;
      return v;
    }
    if (pos + 2 < end && is_binary_operator(args[pos + 1])) {
      bool v = binary(a, args[pos + 1], args[pos + 2]);
      pos += 3;
      return v;
    }
    if (is_unary_test_operator(a) && pos + 1 < end) {
      bool known = false;
      bool v = unary_test(shell, a, args[pos + 1], known);
      pos += 2;
      return v;
    }
    ++pos;
    return !a.empty();
  }
  bool and_expr() {
    bool v = primary();
    while (pos < end && args[pos] == "-a") {
      ++pos;
      bool r = primary();
      v = v && r;
    }
    return v;
  }
  bool or_expr() {
    bool v = and_expr();
    while (pos < end && args[pos] == "-o") {
      ++pos;
      bool r = and_expr();
      v = v || r;
    }
    return v;
  }
};

// POSIX's rules for up to four arguments, which read `!` and `( … )` by
// their count (`test ! ! !` is true); nullopt where the parser decides.
std::optional<bool> by_count(TestParser& parser, const std::vector<std::string>& a, size_t first, size_t count) {
  auto negated = [&](std::optional<bool> v) { return v ? std::optional<bool>(!*v) : std::nullopt; };
  switch (count) {
    case 0: return false;
    case 1: return !a[first].empty();
    case 2: return a[first] == "!" ? std::optional<bool>(a[first + 1].empty()) : std::nullopt;
    case 3: {
      const std::string& op = a[first + 1];
      if (is_binary_operator(op)) return parser.binary(a[first], op, a[first + 2]);
      if (op == "-a") return !a[first].empty() && !a[first + 2].empty();
      if (op == "-o") return !a[first].empty() || !a[first + 2].empty();
      if (a[first] == "!") return negated(by_count(parser, a, first + 1, 2));
      if (a[first] == "(" && a[first + 2] == ")") return !a[first + 1].empty();
      return std::nullopt;
    }
    case 4:
      // ksh leaves `! ( x )` to the parser.
      if (a[first] == "!" && a[first + 1] != "(") return negated(by_count(parser, a, first + 1, 3));
      if (a[first] == "(" && a[first + 3] == ")") return by_count(parser, a, first + 1, 2);
      return std::nullopt;
    default: return std::nullopt;
  }
}

int evaluate_test(Shell& shell, std::vector<std::string>& argv, size_t end) {
  TestParser parser{shell, argv, 1, end};
  if (std::optional<bool> counted = by_count(parser, argv, 1, end - 1)) return *counted ? 0 : 1;
  bool result = parser.or_expr();
  if (parser.error || parser.pos != end) {
    shell.error(fmt::format("{}: argument expected", argv[0]));
    return 2;
  }
  return result ? 0 : 1;
}

// An arithmetic error in an operand (its message is out) makes the status 2.
int run_test(Shell& shell, std::vector<std::string>& argv, size_t end) {
  try {
    return evaluate_test(shell, argv, end);
  } catch (const ShellExit&) {
    return 2;
  }
}

int builtin_test(Shell& shell, std::vector<std::string>& argv) { return run_test(shell, argv, argv.size()); }

int builtin_bracket(Shell& shell, std::vector<std::string>& argv) {
  if (argv.back() != "]") {
    shell.error("[: ']' missing");
    return 2;
  }
  return run_test(shell, argv, argv.size() - 1);
}

}  // namespace

void register_test_builtins(BuiltinTable& table) {
  table["test"] = Builtin{builtin_test, false};
  table["["] = Builtin{builtin_bracket, false};
}

}  // namespace forklift::interp
