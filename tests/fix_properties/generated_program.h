// Small shell programs made from a seed, full of the fork sites the rules
// rewrite (expr, sed, tr, cut, basename, dirname, backticks in and out of
// quotes, `$` before a backtick, loops over `seq`, `cat` and `while read`),
// fed awkward values (empty, leading `-`, newlines, backslashes, globs,
// spaces, leading zeros), printing what they computed. The same seed gives
// the same program on every machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace forklift::test {

struct GeneratedProgram {
  std::string dialect;  // "sh", "bash", "ksh" or "mksh": its #! line names it
  std::string text;
};

GeneratedProgram generate_program(uint64_t seed);

// The real shells that run a program of this dialect: a POSIX sh script
// runs under all four.
std::vector<std::string> shells_for_dialect(const std::string& dialect);

}  // namespace forklift::test
