// POSIX basic and extended regular expressions (as GNU sed and expr read
// them) parsed into a tree, for translating them into shell patterns.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace forklift::sed {

enum class RegexSyntax { Basic, Extended };

// A bracket expression `[…]`: its members as written between the brackets
// (without a leading `^`), ready to be copied into a shell pattern.
struct BracketSet {
  bool negated = false;
  std::string members;  // "a-z_", "[:alpha:]-"
  bool ascii_only = true;  // every member is an ASCII character or class

  // Whether the set, matched against one byte (as dash and mksh match), takes
  // a UTF-8 character's first byte exactly when sed, matching characters,
  // takes the character: its members are ASCII and its classes only
  // `[:digit:]` or `[:xdigit:]` (sed's `[:alpha:]` holds `é`, dash's does
  // not).
  bool byte_safe() const;

  // Whether the set certainly does not match `c`, an ASCII character that
  // is neither a letter nor a digit, in any locale: it is not a member, not
  // in a class, and every range runs between letters or digits (collation
  // may put other letters between, never punctuation).
  bool excludes(char c) const;
};

struct Regex {
  enum class Kind {
    Literal,      // `c`
    AnyChar,      // `.`
    Bracket,      // `[…]`
    Repeat,       // operands[0] repeated min..max times (max -1: unbounded)
    Group,        // `\( \)` / `( )`: operands[0]; group = its number
    Backref,      // `\N`
    LineStart,    // `^`
    LineEnd,      // `$`
    Sequence,     // operands in order
    Alternation,  // operands are the alternatives
  };
  Kind kind = Kind::Sequence;
  char literal = 0;
  BracketSet set;
  int min = 0;
  int max = -1;
  int group = 0;
  std::vector<Regex> operands;
};

struct RegexParse {
  std::optional<Regex> regex;  // a Sequence at the top
  int groups = 0;
  std::string error;  // set when `regex` is empty: what was not understood
};

// `.*`.
bool any_run(const Regex& atom);
// `.*`, or a group of it alone (`\(.*\)`): either reaches the line's end
// (or its start) all the same.
bool any_run_or_its_group(const Regex& atom);

// Parses `text`. Features outside POSIX that GNU adds (`\+`, `\?`, `\|` in
// basic syntax) are accepted; escapes whose meaning is GNU-specific (`\w`,
// `\b`, `\n`, …), collating elements and equivalence classes are refused.
RegexParse parse_regex(std::string_view text, RegexSyntax syntax);

}  // namespace forklift::sed
