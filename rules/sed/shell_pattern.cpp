#include "rules/sed/shell_pattern.h"

#include <algorithm>
#include <cctype>

namespace forklift::sed {

std::string shell_literal(std::string_view text, bool slash_is_plain) {
  bool plain = !text.empty();
  for (char c : text) {
    bool safe = std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-.,:=@+").find(c) != std::string_view::npos ||
                (c == '/' && slash_is_plain);
    plain = plain && safe;
  }
  if (plain) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '$' || c == '`' || c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

namespace {

// Members written with a backslash: dash, bash, ksh93 and mksh all read
// `\(`, `\)`, `\*` and `\?` inside brackets as the character alone, in
// `${v%…}` and in `case` patterns alike (ksh93 keeps the backslash of `\|`,
// `\&`, `\<` and `\>` as a member, so those stay refused).
constexpr std::string_view kEscapedMembers = "()*?";

// A blank would end a `case` pattern's word: there it is written `\ ` (or
// a backslash and a tab), which every one of those shells reads as the
// member; inside `${…}` it is copied as it is.
bool escaped_member(char c, bool allow_blanks) {
  return kEscapedMembers.find(c) != std::string_view::npos || (!allow_blanks && (c == ' ' || c == '\t'));
}

}  // namespace

std::optional<std::string> shell_bracket(const BracketSet& set, bool negate, bool allow_blanks) {
  std::string members = set.members;
  for (size_t i = 0; i < members.size(); ++i) {
    char c = members[i];
    if (escaped_member(c, allow_blanks)) {
      // The end of a range is read before the backslash is removed by some
      // shells: an escaped member next to a range's `-` is refused.
      bool range_before = i >= 2 && members[i - 1] == '-';
      bool range_after = i + 2 < members.size() && members[i + 1] == '-';
      if (range_before || range_after) return std::nullopt;
      continue;
    }
    // Quoting inside brackets is read differently by the shells; only
    // members with no meaning to the shell are copied.
    bool plain = std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80 ||
                 std::string_view("_-.,:=@+/%^![]#~").find(c) != std::string_view::npos ||
                 (allow_blanks && (c == ' ' || c == '\t'));
    if (!plain) return std::nullopt;
  }
  if (members.empty()) return std::nullopt;
  if (members[0] == '!' || members[0] == '^') {
    if (members.size() == 1 || members[1] == '-') return std::nullopt;
    std::rotate(members.begin(), members.begin() + 1, members.end());
    // `[!^]` would become `[^!]`, negated in every shell.
    if (members[0] == '!' || members[0] == '^') return std::nullopt;
  }
  std::string written;
  for (char c : members) {
    if (escaped_member(c, allow_blanks)) written += '\\';
    written += c;
  }
  bool negated = set.negated != negate;
  return std::string(negated ? "[!" : "[") + written + "]";
}

bool matches_whole_characters(const std::vector<const Regex*>& atoms, size_t i, bool open_end) {
  const Regex& atom = *atoms[i];
  if (atom.kind == Regex::Kind::Literal) return true;
  bool bracket = atom.kind == Regex::Kind::Bracket;
  if (bracket && !atom.set.byte_safe()) return false;
  if (bracket && !atom.set.negated) return true;
  if (!bracket && atom.kind != Regex::Kind::AnyChar) return false;
  if (i + 1 == atoms.size()) return open_end;
  return any_run(*atoms[i + 1]);
}

std::optional<std::string> glob_atom(const Regex& atom, bool slash_is_plain) {
  switch (atom.kind) {
    case Regex::Kind::Literal: return shell_literal(std::string(1, atom.literal), slash_is_plain);
    case Regex::Kind::AnyChar: return std::string("?");
    case Regex::Kind::Bracket: return shell_bracket(atom.set);
    default: return std::nullopt;
  }
}

}  // namespace forklift::sed
