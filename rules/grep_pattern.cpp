#include "rules/grep_pattern.h"

#include "rules/sed/regex.h"
#include "rules/sed/shell_pattern.h"

namespace forklift {
namespace {

using sed::Regex;
using Kind = Regex::Kind;

constexpr std::string_view kByteCaveat = "dash and mksh match `?` and `[…]` against a byte, grep against a character of a UTF-8 value";

bool one_character(const Regex& atom) {
  return atom.kind == Kind::Literal || atom.kind == Kind::AnyChar || atom.kind == Kind::Bracket;
}

bool same_atom(const Regex& a, const Regex& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == Kind::Literal) return a.literal == b.literal;
  return a.kind == Kind::Bracket && a.set.negated == b.set.negated && a.set.members == b.set.members;
}

// `[S]*`, `[S]\+`, `[S][S]*` (or of one literal): the repeated atom and
// whether it must occur at least once; null for anything else.
const Regex* run_of(const std::vector<const Regex*>& atoms, bool& at_least_one) {
  auto run = [](const Regex& atom, int min) {
    return atom.kind == Kind::Repeat && atom.min == min && atom.max == -1 &&
           (atom.operands[0].kind == Kind::Literal || atom.operands[0].kind == Kind::Bracket);
  };
  if (atoms.size() == 1 && (run(*atoms[0], 0) || run(*atoms[0], 1))) {
    at_least_one = atoms[0]->min == 1;
    return &atoms[0]->operands[0];
  }
  if (atoms.size() == 2 && run(*atoms[1], 0) && same_atom(*atoms[0], atoms[1]->operands[0])) {
    at_least_one = true;
    return atoms[0];
  }
  return nullptr;
}

// A whole line of one set: grep matches where no character is outside it.
std::optional<LineTest> whole_line_run(const Regex& member, bool at_least_one, bool bytes, std::string& refusal) {
  sed::BracketSet set = member.kind == Kind::Bracket ? member.set : sed::BracketSet{false, std::string(1, member.literal), true};
  if (member.kind == Kind::Literal && static_cast<unsigned char>(member.literal) >= 0x80) {
    refusal = "a run of a byte of a multibyte character";
    return std::nullopt;
  }
  std::optional<std::string> outside = sed::shell_bracket(set, true);
  if (!outside) {
    refusal = "a bracket a `case` pattern cannot write";
    return std::nullopt;
  }
  LineTest test;
  test.listed_match = false;
  test.patterns.push_back("*" + *outside + "*");
  if (at_least_one) test.patterns.push_back("''");
  if (bytes && !set.byte_safe()) test.caveats.emplace_back(kByteCaveat);
  return test;
}

// One-character atoms and `.*`: a glob matches the same lines, with `*`
// at each end grep does not anchor.
std::optional<LineTest> atom_sequence(const std::vector<const Regex*>& atoms, bool start, bool end, bool bytes,
                                      std::string& refusal) {
  LineTest test;
  std::string glob = start ? "" : "*";
  std::string literal;
  for (size_t i = 0; i < atoms.size(); ++i) {
    const Regex& atom = *atoms[i];
    if (atom.kind == Kind::Literal) {
      literal += atom.literal;
      continue;
    }
    if (!literal.empty()) glob += sed::shell_literal(literal);
    literal.clear();
    if (sed::any_run(atom)) {
      glob += "*";
      continue;
    }
    std::optional<std::string> one = one_character(atom) ? sed::glob_atom(atom) : std::nullopt;
    if (!one) {
      refusal = "repetitions other than `.*` or a whole line of one set";
      return std::nullopt;
    }
    if (bytes && !sed::matches_whole_characters(atoms, i, !end) && test.caveats.empty()) {
      test.caveats.emplace_back(kByteCaveat);
    }
    glob += *one;
  }
  if (!literal.empty()) glob += sed::shell_literal(literal);
  if (!end) glob += "*";
  test.patterns.push_back(glob.empty() ? "''" : glob);
  return test;
}

}  // namespace

std::optional<LineTest> grep_line_test(std::string_view pattern, bool extended, bool whole_line, bool bytes,
                                       std::string& refusal) {
  sed::RegexParse parse = sed::parse_regex(pattern, extended ? sed::RegexSyntax::Extended : sed::RegexSyntax::Basic);
  if (!parse.regex) {
    refusal = parse.error;
    return std::nullopt;
  }
  if (parse.groups > 0 || parse.regex->kind != Kind::Sequence) {
    refusal = "groups or alternatives";
    return std::nullopt;
  }
  const std::vector<Regex>& operands = parse.regex->operands;
  size_t first = 0, last = operands.size();
  bool start = whole_line, end = whole_line;
  if (first < last && operands[first].kind == Kind::LineStart) start = (++first, true);
  if (first < last && operands[last - 1].kind == Kind::LineEnd) end = (--last, true);
  std::vector<const Regex*> atoms;
  for (size_t i = first; i < last; ++i) atoms.push_back(&operands[i]);
  bool at_least_one = false;
  if (start && end) {
    if (const Regex* member = run_of(atoms, at_least_one)) return whole_line_run(*member, at_least_one, bytes, refusal);
  }
  return atom_sequence(atoms, start, end, bytes, refusal);
}

}  // namespace forklift
