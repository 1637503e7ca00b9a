#include "rules/sed/regex.h"

#include <cctype>

namespace forklift::sed {

bool any_run(const Regex& atom) {
  return atom.kind == Regex::Kind::Repeat && atom.min == 0 && atom.max == -1 &&
         atom.operands[0].kind == Regex::Kind::AnyChar;
}

bool any_run_or_its_group(const Regex& atom) {
  if (any_run(atom)) return true;
  if (atom.kind != Regex::Kind::Group) return false;
  const Regex* inner = &atom.operands[0];
  if (inner->kind == Regex::Kind::Sequence && inner->operands.size() == 1) inner = &inner->operands[0];
  return any_run(*inner);
}

bool BracketSet::byte_safe() const {
  if (!ascii_only) return false;
  for (size_t at = members.find("[:"); at != std::string::npos; at = members.find("[:", at + 2)) {
    std::string_view rest = std::string_view(members).substr(at);
    if (!rest.starts_with("[:digit:]") && !rest.starts_with("[:xdigit:]")) return false;
  }
  return true;
}
bool BracketSet::excludes(char c) const {
  auto alnum = [](char x) { return std::isalnum(static_cast<unsigned char>(x)) != 0; };
  if (negated || !ascii_only || static_cast<unsigned char>(c) >= 0x80 || alnum(c)) return false;
  for (size_t i = 0; i < members.size(); ++i) {
    if (members.compare(i, 2, "[:") == 0) {
      size_t end = members.find(":]", i + 2);
      if (end == std::string::npos) return false;
      std::string_view name = std::string_view(members).substr(i + 2, end - i - 2);
      bool in_class = name == "space" || name == "blank" ? std::isspace(static_cast<unsigned char>(c)) != 0
                      : name == "punct" || name == "print" || name == "graph" ? std::isgraph(static_cast<unsigned char>(c)) != 0 || c == ' '
                      : name == "cntrl"                                        ? std::iscntrl(static_cast<unsigned char>(c)) != 0
                                                                               : false;
      if (in_class) return false;
      i = end + 1;
      continue;
    }
    bool range = i + 2 < members.size() && members[i + 1] == '-';
    if (range) {
      if (!alnum(members[i]) || !alnum(members[i + 2])) return false;
      i += 2;
      continue;
    }
    if (members[i] == c) return false;
  }
  return true;
}

namespace {

constexpr std::string_view kClasses[] = {"alpha", "digit", "alnum", "upper", "lower", "space",
                                         "blank", "punct", "print", "graph", "cntrl", "xdigit"};

class RegexParser {
 public:
  RegexParser(std::string_view text, RegexSyntax syntax) : text_(text), extended_(syntax == RegexSyntax::Extended) {}

  RegexParse parse() {
    RegexParse result;
    std::optional<Regex> regex = alternation(0);
    if (regex && at_ < text_.size()) fail("an unmatched closing parenthesis");
    if (!error_.empty()) {
      result.error = error_;
      return result;
    }
    result.regex = std::move(regex);
    result.groups = groups_;
    return result;
  }

 private:
  std::optional<Regex> alternation(int depth) {
    Regex alternatives{.kind = Regex::Kind::Alternation};
    while (true) {
      std::optional<Regex> sequence = this->sequence(depth);
      if (!sequence) return std::nullopt;
      alternatives.operands.push_back(std::move(*sequence));
      if (!consume_operator('|')) break;
    }
    if (alternatives.operands.size() == 1) return std::move(alternatives.operands.front());
    return alternatives;
  }

  std::optional<Regex> sequence(int depth) {
    Regex sequence{.kind = Regex::Kind::Sequence};
    size_t start = at_;
    while (at_ < text_.size() && !at_operator('|') && !(depth > 0 && at_operator(')'))) {
      if (!atom(sequence, at_ == start, depth)) return std::nullopt;
    }
    return sequence;
  }

  // One atom (with its repetitions) appended to `sequence`.
  bool atom(Regex& sequence, bool first, int depth) {
    char c = text_[at_];
    bool after_anchor = !sequence.operands.empty() && sequence.operands.back().kind == Regex::Kind::LineStart &&
                        sequence.operands.size() == 1;
    if (c == '^' && (extended_ || first)) {
      ++at_;
      sequence.operands.push_back(Regex{.kind = Regex::Kind::LineStart});
      return true;
    }
    if (c == '$' && (extended_ || at_end_of_sequence(at_ + 1, depth))) {
      ++at_;
      sequence.operands.push_back(Regex{.kind = Regex::Kind::LineEnd});
      return true;
    }
    if (c == '*' && !extended_ && (first || after_anchor)) {
      ++at_;
      sequence.operands.push_back(literal('*'));
      return repetitions(sequence);
    }
    std::optional<Regex> single = single_atom(depth);
    if (!single) return false;
    sequence.operands.push_back(std::move(*single));
    return repetitions(sequence);
  }

  std::optional<Regex> single_atom(int depth) {
    char c = text_[at_];
    if (c == '.') {
      ++at_;
      return Regex{.kind = Regex::Kind::AnyChar};
    }
    if (c == '[') return bracket();
    if (extended_ && (c == '*' || c == '+' || c == '?' || c == '{')) return fail("a repetition with nothing to repeat");
    if (at_operator('(')) return group(depth);
    if (c == '\\') return escape();
    ++at_;
    return literal(c);
  }

  std::optional<Regex> group(int depth) {
    at_ += extended_ ? 1 : 2;
    int number = ++groups_;
    std::optional<Regex> inner = alternation(depth + 1);
    if (!inner) return std::nullopt;
    if (!consume_operator(')')) return fail("an unterminated group");
    Regex group{.kind = Regex::Kind::Group, .group = number};
    group.operands.push_back(std::move(*inner));
    return group;
  }

  std::optional<Regex> escape() {
    if (at_ + 1 >= text_.size()) return fail("a trailing backslash");
    char next = text_[at_ + 1];
    at_ += 2;
    if (next >= '1' && next <= '9') {
      if (next - '0' > groups_) return fail("a back-reference to a group not yet closed");
      return Regex{.kind = Regex::Kind::Backref, .group = next - '0'};
    }
    if (std::isalnum(static_cast<unsigned char>(next)) || static_cast<unsigned char>(next) >= 0x80) {
      return fail("a GNU escape (`\\w`, `\\n`, `\\b`, …)");
    }
    if (!extended_ && next == ')') return fail("an unmatched `\\)`");
    if (!extended_ && (next == '{' || next == '}' || next == '+' || next == '?')) return fail("a misplaced repetition");
    return literal(next);
  }

  std::optional<Regex> bracket() {
    size_t i = at_ + 1;
    BracketSet set;
    if (i < text_.size() && text_[i] == '^') {
      set.negated = true;
      ++i;
    }
    size_t first = i;
    while (i < text_.size() && (text_[i] != ']' || i == first)) {
      char c = text_[i];
      if (c == '[' && i + 1 < text_.size() && text_[i + 1] == ':') {
        size_t close = text_.find(":]", i + 2);
        if (close == std::string_view::npos) return fail("an unterminated character class");
        if (!known_class(text_.substr(i + 2, close - i - 2))) return fail("an unknown character class");
        set.members.append(text_.substr(i, close + 2 - i));
        i = close + 2;
        continue;
      }
      if (c == '[' && i + 1 < text_.size() && (text_[i + 1] == '.' || text_[i + 1] == '=')) {
        return fail("a collating element or equivalence class");
      }
      if (c == '\\') return fail("a backslash inside brackets (GNU sed reads escapes there)");
      if (static_cast<unsigned char>(c) >= 0x80) set.ascii_only = false;
      set.members += c;
      ++i;
    }
    if (i >= text_.size()) return fail("an unterminated bracket expression");
    at_ = i + 1;
    return Regex{.kind = Regex::Kind::Bracket, .set = std::move(set)};
  }

  bool repetitions(Regex& sequence) {
    while (at_ < text_.size()) {
      int min = 0;
      int max = -1;
      char c = text_[at_];
      if (c == '*') {
        ++at_;
      } else if (extended_ && (c == '+' || c == '?')) {
        min = c == '+' ? 1 : 0;
        max = c == '+' ? -1 : 1;
        ++at_;
      } else if (!extended_ && c == '\\' && at_ + 1 < text_.size() && (text_[at_ + 1] == '+' || text_[at_ + 1] == '?')) {
        min = text_[at_ + 1] == '+' ? 1 : 0;
        max = text_[at_ + 1] == '+' ? -1 : 1;
        at_ += 2;
      } else if (at_operator('{')) {
        if (!interval(min, max)) return false;
      } else {
        return true;
      }
      Regex& last = sequence.operands.back();
      if (last.kind == Regex::Kind::LineStart || last.kind == Regex::Kind::LineEnd) {
        fail("a repeated anchor");
        return false;
      }
      Regex repeat{.kind = Regex::Kind::Repeat, .min = min, .max = max};
      repeat.operands.push_back(std::move(last));
      last = std::move(repeat);
    }
    return true;
  }

  bool interval(int& min, int& max) {
    at_ += extended_ ? 1 : 2;
    auto number = [&]() -> int {
      int value = -1;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])) && value < 1000) {
        value = (value < 0 ? 0 : value * 10) + (text_[at_++] - '0');
      }
      return value;
    };
    min = number();
    if (min < 0) {
      fail("an interval without a count");
      return false;
    }
    max = min;
    if (at_ < text_.size() && text_[at_] == ',') {
      ++at_;
      max = number();
      if (max >= 0 && max < min) {
        fail("an interval whose maximum is below its minimum");
        return false;
      }
    }
    if (consume_operator('}')) return true;
    fail("an unterminated interval");
    return false;
  }

  // `c` as an operator: bare in extended syntax, `\c` in basic syntax.
  bool at_operator(char c) const {
    if (extended_) return at_ < text_.size() && text_[at_] == c;
    return at_ + 1 < text_.size() && text_[at_] == '\\' && text_[at_ + 1] == c;
  }

  bool consume_operator(char c) {
    if (!at_operator(c)) return false;
    at_ += extended_ ? 1 : 2;
    return true;
  }

  bool at_end_of_sequence(size_t at, int depth) const {
    if (at >= text_.size()) return true;
    std::string_view rest = text_.substr(at);
    return rest.starts_with("\\|") || (depth > 0 && rest.starts_with("\\)"));
  }

  static bool known_class(std::string_view name) {
    for (std::string_view known : kClasses) {
      if (name == known) return true;
    }
    return false;
  }

  static Regex literal(char c) { return Regex{.kind = Regex::Kind::Literal, .literal = c}; }

  std::nullopt_t fail(std::string what) {
    if (error_.empty()) error_ = std::move(what);
    at_ = text_.size();
    return std::nullopt;
  }

  std::string_view text_;
  bool extended_;
  size_t at_ = 0;
  int groups_ = 0;
  std::string error_;
};

}  // namespace

RegexParse parse_regex(std::string_view text, RegexSyntax syntax) { return RegexParser(text, syntax).parse(); }

}  // namespace forklift::sed
