// A variable's value fed to a text utility inside `$( )`:
// `$(echo "$v" | cmd)`, `$(printf '%s\n' "$v" | cmd)`, `$(cmd <<< "$v")`.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"
#include "analyzer/semantic_model.h"
#include "rules/findings.h"

namespace forklift {

struct PipedValue {
  const Node* substitution = nullptr;  // the CommandSub or Backtick
  const Node* parameter = nullptr;     // the ParamExp whose value is fed
  const Node* consumer = nullptr;      // the SimpleCommand reading it
  bool via_echo = false;               // echo prints it (options, backslashes)
  bool quoted = false;                 // "$v" rather than $v
  bool adds_newline = true;            // echo, printf '%s\n' and <<< end it with a newline
};

// `consumer_name` is the utility expected to read the value (`sed`, `tr`, ...).
std::optional<PipedValue> match_piped_value(const SemanticModel& model, const Node* substitution,
                                            std::string_view consumer_name);

// Every substitution of the tree that pipes a value into `consumer_name`, in
// source order; those inside an escaped backtick are left to FL201.
std::vector<PipedValue> piped_values(const SemanticModel& model, std::string_view consumer_name);

// The parameter expansion that names the value: `v` for `$v`, `1` for `$1`.
std::string_view piped_name(const PipedValue& value);

// The value is a variable proven to hold a decimal integer where it is read.
bool piped_integer(const SemanticModel& model, const PipedValue& value);

// The differences every rewrite of a piped value into an expansion has, unless
// the value is a known integer: echo's options and backslashes, word
// splitting of an unquoted `$v`, and `$( )` stripping trailing newlines.
void downgrade_for_piped_value(const SemanticModel& model, const PipedValue& value, FixSafety& safety);

}  // namespace forklift
