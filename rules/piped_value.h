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
  const Node* substitution = nullptr;  // the CommandSub or Backtick (null outside one)
  const Node* parameter = nullptr;     // the ParamExp whose value is fed
  const Node* consumer = nullptr;      // the SimpleCommand reading it
  bool via_echo = false;               // echo prints it (options, backslashes)
  bool quoted = false;                 // "$v" rather than $v
  bool adds_newline = true;            // echo, printf '%s\n' and <<< end it with a newline
  // Literal text printed before the value (`echo "X$v"`), only for a caller
  // that asks for it (Prefix::Allowed); `quoted` then holds.
  std::string prefix;
};

// Whether a printed word may be literal text and then the value.
enum class Prefix { Refused, Allowed };

// Whether the consumer may run in the C locale (`LC_ALL=C tr …`): for a
// utility that reads bytes whatever the locale, or that a rule translates
// for ASCII only.
enum class Locale { Inherited, CAllowed };

// `consumer_name` is the utility expected to read the value (`sed`, `tr`,
// ...), named or called through a variable provably set to it (`$SED`).
std::optional<PipedValue> match_piped_value(const SemanticModel& model, const Node* substitution,
                                            std::string_view consumer_name, Prefix prefix = Prefix::Refused,
                                            Locale locale = Locale::Inherited);

// The same for a pipeline or command that is not in a substitution
// (`echo "$v" | grep -q x` as a condition); `substitution` stays null. With
// `consumer_redirects`, the consumer may have redirections (the caller
// checks them).
std::optional<PipedValue> match_piped_command(const SemanticModel& model, const Node* pipeline_or_command,
                                              std::string_view consumer_name, bool consumer_redirects,
                                              Prefix prefix = Prefix::Refused, Locale locale = Locale::Inherited);

// Every substitution of the tree that pipes a value into `consumer_name`, in
// source order; those inside an escaped backtick are left to FL201.
std::vector<PipedValue> piped_values(const SemanticModel& model, std::string_view consumer_name,
                                     Prefix prefix = Prefix::Refused, Locale locale = Locale::Inherited);

// The parameter expansion that names the value: `v` for `$v`, `1` for `$1`.
std::string_view piped_name(const PipedValue& value);

// The value is a variable proven to hold a decimal integer where it is read.
bool piped_integer(const SemanticModel& model, const PipedValue& value);

// Proves `fact` of the value in `safety`, or downgrades it to unsafe with
// `why` (the difference the fact rules out) and the reason the fact is not
// known.
void require_value_fact(const SemanticModel& model, const PipedValue& value, ValueFact fact, std::string_view why,
                        FixSafety& safety);

// The differences every rewrite of a piped value into an expansion has, unless
// the value is a known integer or value facts rule them out: echo's options
// (a value starting with `-`) and backslashes (dash, ksh), word splitting of
// an unquoted `$v`, `$( )` stripping trailing newlines, and, when `set -u`
// may be in force, a value that may be unset (the original fails only in its
// subshell, the rewrite ends the script). Each fact that rules one out is
// named as a proof, each one missing as the reason.
void downgrade_for_piped_value(const SemanticModel& model, const PipedValue& value, FixSafety& safety);
// Only the differences of how the value is printed (echo's options and
// backslashes, an unquoted `$v`), for a rewrite whose result never ends in a
// newline anyway.
void downgrade_for_printer(const SemanticModel& model, const PipedValue& value, FixSafety& safety);

}  // namespace forklift
