#include "rules/expr_match.h"

#include "rules/sed/regex.h"
#include "rules/sed/shell_pattern.h"

namespace forklift {
namespace {

using sed::Regex;

bool any_run(const Regex& atom) {
  return atom.kind == Regex::Kind::Repeat && atom.min == 0 && atom.max == -1 &&
         atom.operands[0].kind == Regex::Kind::AnyChar;
}

bool optional_run(const Regex& atom) { return atom.kind == Regex::Kind::Repeat && atom.min == 0; }

// A one-character atom between two `.*` (or before the pattern's open end)
// asks only whether some character of the set occurs: a byte of a UTF-8
// character is outside an ASCII set exactly when the character is.
bool existence_test(const std::vector<const Regex*>& atoms, size_t i, bool open_end) {
  const Regex& atom = *atoms[i];
  bool ascii_set = atom.kind != Regex::Kind::Bracket || atom.set.ascii_only;
  bool before = i > 0 && any_run(*atoms[i - 1]);
  bool after = (i + 1 == atoms.size() && open_end) || (i + 1 < atoms.size() && any_run(*atoms[i + 1]));
  return ascii_set && before && after;
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
    if (bytes && !existence_test(atoms, i, !anchored_end)) {
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

}  // namespace forklift
