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

}  // namespace forklift
