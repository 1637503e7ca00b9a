#include "rules/expr_match.h"

#include "rules/sed/regex.h"
#include "rules/sed/shell_pattern.h"

namespace forklift {
namespace {

using sed::any_run;
using sed::any_run_or_its_group;
using sed::Regex;

bool optional_run(const Regex& atom) { return atom.kind == Regex::Kind::Repeat && atom.min == 0; }

Regex any_run_atom() {
  Regex run{.kind = Regex::Kind::Repeat, .min = 0, .max = -1};
  run.operands.push_back(Regex{.kind = Regex::Kind::AnyChar});
  return run;
}

// For atoms that are only `\([set]*\)`, the bracket of the characters
// outside the set.
std::optional<Regex> outside_of_leading_set(const std::vector<Regex>& atoms) {
  if (atoms.size() != 1 || atoms[0].kind != Regex::Kind::Group) return std::nullopt;
  const Regex* inner = &atoms[0].operands[0];
  if (inner->kind == Regex::Kind::Sequence && inner->operands.size() == 1) inner = &inner->operands[0];
  if (inner->kind != Regex::Kind::Repeat || inner->min != 0 || inner->max != -1) return std::nullopt;
  const Regex& atom = inner->operands[0];
  if (atom.kind != Regex::Kind::Bracket) return std::nullopt;
  // `[^c]*` stops at `c`: a literal, which matches a character in every
  // shell (a bracket matches a byte in dash and mksh).
  if (atom.set.negated && atom.set.ascii_only && atom.set.members.size() == 1 && atom.set.members != "]") {
    return Regex{.kind = Regex::Kind::Literal, .literal = atom.set.members[0]};
  }
  Regex outside = atom;
  outside.set.negated = !atom.set.negated;
  return outside;
}

}  // namespace

std::optional<ExprStatusPattern> expr_status_pattern(std::string_view re, bool bytes, std::string& refusal) {
  sed::RegexParse parse = sed::parse_regex(re, sed::RegexSyntax::Basic);
  if (!parse.regex) {
    refusal = "a regular expression with " + parse.error;
    return std::nullopt;
  }
  std::vector<const Regex*> atoms;
  for (const Regex& kid : parse.regex->operands) atoms.push_back(&kid);
  bool anchored_end = !atoms.empty() && atoms.back()->kind == Regex::Kind::LineEnd;
  if (anchored_end) atoms.pop_back();
  // Without `$`, a trailing optional repetition can always match nothing.
  while (!anchored_end && !atoms.empty() && optional_run(*atoms.back())) atoms.pop_back();
  ExprStatusPattern pattern;
  std::string literal;
  bool one_character = false;
  for (size_t i = 0; i < atoms.size(); ++i) {
    const Regex& atom = *atoms[i];
    if (atom.kind == Regex::Kind::Literal) {
      literal += atom.literal;
      one_character = true;
      continue;
    }
    if (!literal.empty()) pattern.glob += sed::shell_literal(literal);
    literal.clear();
    if (any_run(atom)) {
      pattern.glob += "*";
      continue;
    }
    std::optional<std::string> glob = sed::glob_atom(atom);
    if (!glob) {
      refusal = atom.kind == Regex::Kind::Group       ? "a group (expr prints what it captures)"
                : atom.kind == Regex::Kind::LineStart ? "a leading `^`"
                : atom.kind == Regex::Kind::Repeat    ? "repetitions other than `.*`"
                                                      : "a back-reference or an alternation";
      return std::nullopt;
    }
    if (bytes && !sed::matches_whole_characters(atoms, i, !anchored_end)) {
      pattern.caveats.push_back(
          "dash and mksh match `?` and `[…]` against a byte, expr against a character of a UTF-8 value");
    }
    pattern.glob += *glob;
    one_character = true;
  }
  if (!literal.empty()) pattern.glob += sed::shell_literal(literal);
  if (!one_character) {
    refusal = "a pattern that may match nothing (expr then exits with status 1)";
    return std::nullopt;
  }
  if (!anchored_end && !pattern.glob.ends_with('*')) pattern.glob += "*";
  return pattern;
}

bool may_be_expr_operator(std::string_view prefix, bool exact) {
  static constexpr std::string_view kOperators[] = {"|",  "&",  "=", ">", ">=", "<",     "<=",     "!=",    "+",
                                                    "-",  "--", "*", "/", "%",  ":",     "(",      ")",     "match",
                                                    "substr", "index", "length", "quote"};
  for (std::string_view op : kOperators) {
    if (exact ? op == prefix : op.starts_with(prefix)) return true;
  }
  return false;
}

std::optional<sed::SedProgram> expr_capture_program(std::string_view re, std::string_view prefix,
                                                    std::string& refusal) {
  sed::RegexParse parse = sed::parse_regex(re, sed::RegexSyntax::Basic);
  if (!parse.regex) {
    refusal = "a regular expression with " + parse.error;
    return std::nullopt;
  }
  if (parse.groups != 1) {
    refusal = parse.groups == 0 ? "no group (expr prints the length of the match)" : "more than one group";
    return std::nullopt;
  }
  std::vector<Regex>& atoms = parse.regex->operands;
  for (char c : prefix) {
    if (atoms.empty() || atoms.front().kind != Regex::Kind::Literal || atoms.front().literal != c) {
      refusal = "a regular expression that does not start with the operand's literal text";
      return std::nullopt;
    }
    atoms.erase(atoms.begin());
  }
  for (const Regex& atom : atoms) {
    if (atom.kind == Regex::Kind::LineStart) {
      refusal = "a `^`, which expr implementations read differently";
      return std::nullopt;
    }
  }
  if (std::optional<Regex> rest = outside_of_leading_set(atoms)) {
    // `\([set]*\)` alone matches every string: its text is the value up to
    // the first character outside the set, which `s/[^set].*//` keeps.
    sed::SedCommand command;
    command.regex = Regex{.kind = Regex::Kind::Sequence};
    command.regex.operands.push_back(std::move(*rest));
    command.regex.operands.push_back(any_run_atom());
    sed::SedProgram program;
    program.commands.push_back(std::move(command));
    return program;
  }
  // expr anchors RE at the start; sed's `s` must consume the whole line so
  // that only the group is printed.
  atoms.insert(atoms.begin(), Regex{.kind = Regex::Kind::LineStart});
  if (atoms.back().kind != Regex::Kind::LineEnd && !any_run_or_its_group(atoms.back())) {
    atoms.push_back(any_run_atom());
  }
  sed::SedCommand command;
  command.regex = std::move(*parse.regex);
  command.groups = 1;
  command.replacement.push_back({.kind = sed::ReplacementPiece::Kind::Group, .group = 1});
  command.print = true;
  sed::SedProgram program;
  program.quiet = true;
  program.commands.push_back(std::move(command));
  return program;
}

}  // namespace forklift
