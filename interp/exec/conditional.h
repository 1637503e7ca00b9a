// The primaries shared by [[ ]] and test/[: file tests, string and integer comparisons.
#pragma once

#include <string>
#include <string_view>

namespace forklift::interp {

class Shell;

// Unary file/string primaries (-f, -d, -z, ...). Returns false for unknown ops
// with `known` cleared.
bool unary_test(Shell& shell, std::string_view op, const std::string& operand, bool& known);
bool is_unary_test_operator(std::string_view op);
// -nt -ot -ef.
bool file_compare(std::string_view op, const std::string& left, const std::string& right);

}  // namespace forklift::interp
