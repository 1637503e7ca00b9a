// One script per rule and dialect that runs a snippet once per generated
// input, each in its own subshell, so one shell process covers every input;
// and the splitting of its output back into one result per input.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace forklift::test {

struct PropertyInput {
  std::string label;  // "010", "trailing slash", …
  std::string value;
};

// Integers (negative, zero, leading zeros, 2^63-1, empty), strings with
// spaces, globs, newlines, leading `-`, backslashes, UTF-8, paths with
// trailing and repeated slashes, `/`, `.`.
const std::vector<PropertyInput>& property_inputs();

// How an input reaches the snippet: as a literal assignment (the rules'
// model can prove an integer is one) or as `$1` (it cannot).
inline constexpr const char* kLiteral = "literal";
inline constexpr const char* kArgument = "argument";

// The script: the dialect's `#!` line, then for each input and way a block
// `echo '== WAY LABEL'; ( VAR=…; SNIPPET ) 2>stderr; echo "status $? stderr yes|no"`,
// where every `{{v}}` of the snippet names that block's own variable. What
// is compared is stdout, the status and whether there was an error message:
// the wording of error messages is not (shells word them differently for
// the original command and its replacement, e.g. `cat` and `$(<file)`).
std::string property_script(const std::string& shebang, const std::string& snippet);

// Block header ("WAY LABEL") → what the block printed.
std::map<std::string, std::string> split_blocks(const std::string& output);
// Block header → the block's text in a script property_script wrote (or a
// fix of it).
std::map<std::string, std::string> split_script_blocks(const std::string& script);

}  // namespace forklift::test
