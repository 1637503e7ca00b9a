// One accessor per rule, defined in the rule's own file; registry.cpp lists
// them (a static library drops self-registering objects nothing refers to).
#pragma once

#include "rules/rule.h"

namespace forklift {

const Rule& expr_arithmetic_rule();       // FL101
const Rule& expr_string_rule();           // FL102
const Rule& bc_integer_rule();            // FL103
const Rule& bc_fractional_rule();         // FL104
const Rule& let_command_rule();           // FL105
const Rule& arith_bracket_rule();         // FL106
const Rule& dollar_in_arithmetic_rule();  // FL107
const Rule& backticks_rule();             // FL201
const Rule& useless_echo_rule();          // FL202
const Rule& basename_rule();              // FL301
const Rule& dirname_rule();               // FL302
const Rule& sed_literal_rule();           // FL303
const Rule& tr_case_rule();               // FL304
const Rule& cut_field_rule();             // FL305
const Rule& wc_length_rule();             // FL306
const Rule& pwd_substitution_rule();      // FL307
const Rule& grep_count_rule();            // FL308
const Rule& grep_value_rule();            // FL310
const Rule& awk_field_rule();             // FL311
const Rule& line_of_value_rule();         // FL312
const Rule& tr_chars_rule();              // FL313
const Rule& cat_substitution_rule();      // FL401
const Rule& useless_cat_rule();           // FL402
const Rule& seq_loop_rule();              // FL403
const Rule& loop_invariant_substitution_rule();  // FL404
const Rule& while_read_forks_rule();      // FL405
const Rule& cat_here_document_rule();     // FL406

}  // namespace forklift
