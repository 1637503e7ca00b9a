// Where a command substitution sits: in which word and command, quoted or
// not, and whether the command's exit status is the substitution's.
#pragma once

#include <string>

#include "analyzer/ast.h"
#include "analyzer/semantic_model.h"

namespace forklift {

struct SubstitutionSite {
  const Node* substitution = nullptr;  // CommandSub or Backtick
  const Node* word = nullptr;          // the innermost Word around it, if any
  const Node* command = nullptr;       // SimpleCommand or Declaration the word belongs to, if any
  const Node* assignment = nullptr;    // set when the word is an Assignment's value
  bool quoted = false;                 // directly inside "…"
  bool whole_word = false;             // the word is only this substitution (quoted or not)
  // An assignment-only command (`v=$(cmd)`): its exit status is the substitution's.
  bool sets_command_status = false;
};

SubstitutionSite locate_substitution(const SemanticModel& model, const Node* substitution);

// The statement `name=$(…)` when the substitution is the whole value of the
// only assignment of a command of its own in a list (not in a pipeline, not
// after `&&`, no other words, no subscript): a rewrite may replace it with
// several statements. nullptr otherwise.
const Node* own_assignment_statement(const SemanticModel& model, const SubstitutionSite& site);

// The statement a guarded rewrite (rules/guarded_rewrite.h) may wrap in a
// `case` on `$variable`: own_assignment_statement's, or else the simple
// command or declaration holding the substitution, alone in its list or an
// operand of `&&`, `||` or `!`, on one line, with no here-document, and
// with nothing but the substitution that may assign `variable` (the guard
// reads it before the command runs). nullptr otherwise.
const Node* guard_statement(const SemanticModel& model, const SubstitutionSite& site, std::string_view variable);

// `command` (a simple command, declaration or pipeline) as a statement a
// guard may wrap: in a list, a condition or an operand of `&&`, `||` or
// `!`, on one line, with no here-document. nullptr elsewhere.
const Node* guardable_command(const SemanticModel& model, const Node* command);

// `base`, or `base2`, `base3`, … : a name the script never mentions, for a
// scratch variable a rewrite sets.
std::string unused_variable_name(const SemanticModel& model, const std::string& base);

// Inside a Backtick whose body has `\$`, `` \` `` or `\\`: the inner nodes' text
// is still escaped, so rules that copy text from inside it leave it to FL201 first.
bool inside_escaped_backtick(const SemanticModel& model, const Node* node);

}  // namespace forklift
