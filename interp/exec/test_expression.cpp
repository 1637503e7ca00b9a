// [[ expression ]].
#include <regex.h>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/exec/conditional.h"
#include "interp/expand/expander.h"
#include "interp/errors.h"
#include "interp/shell.h"
#include "interp/text/locale_text.h"

namespace forklift::interp {

bool Shell::eval_test(const Node* node) {
  switch (node->kind) {
    case NodeKind::TestGroup: return eval_test(TestGroupView(node).expression());
    case NodeKind::Word: return !expand_to_string(node).empty();
    case NodeKind::TestUnary: {
      const Node* operand_node = TestUnaryView(node).operand();
      if (node->op == "!") return !eval_test(operand_node);
      std::string operand = expand_to_string(operand_node);
      bool known = false;
      bool result = unary_test(*this, node->op, operand, known);
      if (!known) fatal(fmt::format("{}: unknown test operator", node->op), 2);
      return result;
    }
    case NodeKind::TestBinary: break;
    default: fatal(fmt::format("cannot evaluate {} in [[ ]]", kind_name(node->kind)), 2);
  }
  TestBinaryView binary(node);
  std::string_view op = binary.op();
  if (op == "&&") return eval_test(binary.left()) && eval_test(binary.right());
  if (op == "||") return eval_test(binary.left()) || eval_test(binary.right());
  std::string left = expand_to_string(binary.left());
  if (op == "==" || op == "=" || op == "!=") {
    bool match = pattern_match(expand_pattern(binary.right()), left);
    return op == "!=" ? !match : match;
  }
  if (op == "=~") {
    std::string pattern = ksh_regex(expand_pattern(binary.right()));
    text::ScriptCharacters characters;
    regex_t re;
    if (regcomp(&re, pattern.c_str(), REG_EXTENDED) != 0) {
      return false;
    }
    std::vector<regmatch_t> groups(re.re_nsub + 1);
    bool matched = regexec(&re, left.c_str(), groups.size(), groups.data(), 0) == 0;
    if (matched) {
      sh_match_.clear();
      for (const regmatch_t& g : groups) {
        sh_match_.push_back(g.rm_so < 0 ? std::string() : left.substr(static_cast<size_t>(g.rm_so),
                                                                         static_cast<size_t>(g.rm_eo - g.rm_so)));
      }
    }
    regfree(&re);
    return matched;
  }
  std::string right = expand_to_string(binary.right());
  if (op == "<") return left < right;
  if (op == ">") return left > right;
  if (op == "-nt" || op == "-ot" || op == "-ef") return file_compare(op, left, right);
  Number x = eval_arith_string(left), y = eval_arith_string(right);
  if (std::optional<bool> result = compare_numbers(x, op, y)) return *result;
  fatal(fmt::format("{}: unknown test operator", op), 2);
}

}  // namespace forklift::interp
