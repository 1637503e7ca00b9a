#include <algorithm>

#include "rules/rule.h"
#include "rules/rules_catalog.h"

namespace forklift {

const std::vector<const Rule*>& all_rules() {
  static const std::vector<const Rule*> rules = [] {
    std::vector<const Rule*> list{
        &expr_arithmetic_rule(),
        &expr_string_rule(),
        &bc_integer_rule(),
        &bc_fractional_rule(),
        &let_command_rule(),
        &arith_bracket_rule(),
        &dollar_in_arithmetic_rule(),
        &backticks_rule(),
        &useless_echo_rule(),
        &basename_rule(),
        &dirname_rule(),
        &sed_literal_rule(),
        &tr_case_rule(),
        &cut_field_rule(),
        &wc_length_rule(),
        &pwd_substitution_rule(),
        &grep_count_rule(),
        &grep_value_rule(),
        &awk_field_rule(),
        &line_of_value_rule(),
        &tr_chars_rule(),
        &cat_substitution_rule(),
        &useless_cat_rule(),
        &seq_loop_rule(),
        &loop_invariant_substitution_rule(),
        &while_read_forks_rule(),
        &cat_here_document_rule(),
    };
    std::sort(list.begin(), list.end(), [](const Rule* a, const Rule* b) { return a->info().code < b->info().code; });
    return list;
  }();
  return rules;
}

const Rule* find_rule(std::string_view code) {
  for (const Rule* rule : all_rules()) {
    if (rule->info().code == code) return rule;
  }
  return nullptr;
}

}  // namespace forklift
