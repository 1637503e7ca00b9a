// Reading words and simple commands: static values, command names, plain
// parameter references. Shared by the semantic model and the rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/ast.h"

namespace forklift {

// The value a Word has whatever the environment: only literal text and
// quotes, with escapes removed. nullopt when it contains an expansion, a glob,
// a brace expansion or a tilde.
std::optional<std::string> static_word_value(std::string_view source, const Node* word);
// The same for one part of a Word (Literal, SingleQuoted, DoubleQuoted of
// literals only), with no pattern check: nullopt for any other part.
std::optional<std::string> static_part_value(std::string_view source, const Node* part);

// Whether the text of a Backtick has `\$`, `` \` `` or `\\`: the text of the
// nodes inside it is then still escaped.
bool escaped_backtick(std::string_view backtick_text);

// The Word kids of a SimpleCommand (its name and arguments), in order.
std::vector<const Node*> command_words(const Node* command);
bool has_words(const Node* command);  // command_words() is not empty
bool has_redirects(const Node* command);
bool has_assignments(const Node* command);

// The static name of a SimpleCommand (`expr` in `x=1 expr 1 + 1`); nullopt for
// a command with no words or a name built from expansions.
std::optional<std::string> command_name(std::string_view source, const Node* command);

// The ParamExp when a Word is exactly one plain parameter reference: `$x`,
// `${x}`, `"$x"` or `"${x}"` (no operator, no subscript, no length).
const Node* plain_parameter(const Node* word);
// A ParamExp that is a plain reference (no operator, subscript, length).
bool is_plain_parameter(const Node* param);
// Same, but quoting required: `"$x"` or `"${x}"`.
const Node* quoted_plain_parameter(const Node* word);

// A Word that is literal text and then one quoted plain parameter: `"x$v"`,
// `x"$v"`, `"$v"`. The text holds only characters that mean the same quoted
// or not (letters, digits, `_.,:=+-/@%`), so `prefix` is its value as written.
struct PrefixedParameter {
  std::string prefix;
  const Node* parameter = nullptr;  // the ParamExp
};
std::optional<PrefixedParameter> quoted_prefixed_parameter(std::string_view source, const Node* word);

// A word's value with each plain parameter written as a mark, the i-th (its
// name in `names`, which may already hold those of earlier words) as the
// character `\x01` + i: literal text and parameters in "…", and unquoted
// parameters where `unquoted` is given (set when one is). nullopt for other
// expansions, for more than `max_parameters` names, and for literal text
// holding a mark.
std::optional<std::string> marked_word_value(std::string_view source, const Node* word, size_t max_parameters,
                                             std::vector<std::string>& names, bool* unquoted = nullptr);

bool is_identifier(std::string_view name);
// `0`, `42`, `-7`: what printf '%d' would print (no sign on zero, no leading zeros).
bool is_canonical_integer(std::string_view text);
// Decimal digits with an optional sign, leading zeros allowed (`007`, `+3`).
bool is_decimal_integer(std::string_view text);
// `007` -> `7`, `+3` -> `3`, `-0` -> `0`; the text must satisfy is_decimal_integer.
std::string canonical_integer(std::string_view text);

// The single command of a substitution body (`$(cmd)`, `` `cmd` ``), or of a
// List, when the body is exactly one SimpleCommand; nullptr otherwise.
const Node* sole_simple_command(const Node* substitution_or_list);
// The single Pipeline of a substitution body, or nullptr.
const Node* sole_pipeline(const Node* substitution_or_list);

// The source slice of a node.
std::string_view node_text(std::string_view source, const Node* node);

}  // namespace forklift
