#include "analyzer/semantic/value_patterns.h"

#include <bitset>
#include <cctype>
#include <string>
#include <vector>

#include "analyzer/ast_views.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

using CharSet = std::bitset<256>;

// One position of a pattern: a set of characters repeated min..max times
// (max < 0: unbounded).
struct Element {
  CharSet chars;
  int min = 1;
  int max = 1;
  bool literal() const { return min == 1 && max == 1 && chars.count() == 1; }
};

CharSet single(char c) {
  CharSet set;
  set.set(static_cast<unsigned char>(c));
  return set;
}

CharSet any_character(bool pathname) {
  CharSet set;
  set.set();
  set.reset(0);
  if (pathname) set.reset('/');
  return set;
}

bool in(const CharSet& set, char c) { return set.test(static_cast<unsigned char>(c)); }

bool only_digits(const CharSet& set) {
  for (size_t c = 0; c < set.size(); ++c) {
    if (set.test(c) && !std::isdigit(static_cast<int>(c))) return false;
  }
  return true;
}

char only_character(const CharSet& set) {
  for (size_t c = 0; c < set.size(); ++c) {
    if (set.test(c)) return static_cast<char>(c);
  }
  return 0;
}

void add_class(std::string_view name, CharSet& set) {
  for (int c = 1; c < 128; ++c) {
    bool member = (name == "digit" && std::isdigit(c)) || (name == "alpha" && std::isalpha(c)) ||
                  (name == "alnum" && std::isalnum(c)) || (name == "upper" && std::isupper(c)) ||
                  (name == "lower" && std::islower(c)) || (name == "space" && std::isspace(c)) ||
                  (name == "blank" && (c == ' ' || c == '\t')) || (name == "xdigit" && std::isxdigit(c)) ||
                  (name == "punct" && std::ispunct(c));
    if (member) set.set(static_cast<size_t>(c));
  }
}

// A bracket expression starting at text[i] == '['; i is left on its `]`.
// Locale ranges are treated as byte ranges of ASCII letters and digits only,
// which is what they mean for those characters in every locale.
std::optional<CharSet> bracket(std::string_view text, size_t& i, bool pathname) {
  size_t j = i + 1;
  bool negated = j < text.size() && (text[j] == '!' || text[j] == '^');
  if (negated) ++j;
  CharSet set;
  bool first = true;
  for (; j < text.size(); ++j) {
    char c = text[j];
    if (c == ']' && !first) break;
    first = false;
    if (c == '[' && j + 1 < text.size() && text[j + 1] == ':') {
      size_t close = text.find(":]", j + 2);
      if (close == std::string_view::npos) return std::nullopt;
      add_class(text.substr(j + 2, close - j - 2), set);
      j = close + 1;
      continue;
    }
    if (c == '\\' && j + 1 < text.size()) c = text[++j];
    if (j + 2 < text.size() && text[j + 1] == '-' && text[j + 2] != ']') {
      char last = text[j + 2];
      if (!std::isalnum(static_cast<unsigned char>(c)) || !std::isalnum(static_cast<unsigned char>(last))) {
        return std::nullopt;
      }
      for (int k = static_cast<unsigned char>(c); k <= static_cast<unsigned char>(last); ++k) set.set(k);
      j += 2;
      continue;
    }
    set.set(static_cast<unsigned char>(c));
  }
  if (j >= text.size()) return std::nullopt;
  i = j;
  if (negated) set = ~set & any_character(pathname);
  return set;
}

// A glob Word as elements; nullopt when it has expansions or extended globs.
std::optional<std::vector<Element>> glob_elements(std::string_view source, const Node* word, bool pathname) {
  if ((word->flags & (kWordHasExtGlob | kWordHasBrace | kWordHasTilde)) != 0) return std::nullopt;
  std::vector<Element> elements;
  for (const Node* part : WordView(word).parts()) {
    if (!part->is(NodeKind::Literal)) {
      std::optional<std::string> text = static_part_value(source, part);
      if (!text) return std::nullopt;
      for (char c : *text) elements.push_back({single(c)});
      continue;
    }
    std::string_view text = node_text(source, part);
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (c == '\\' && i + 1 < text.size()) {
        if (text[++i] != '\n') elements.push_back({single(text[i])});
      } else if (c == '*') {
        elements.push_back({any_character(pathname), 0, -1});
      } else if (c == '?') {
        elements.push_back({any_character(pathname)});
      } else if (c == '[') {
        size_t at = i;
        std::optional<CharSet> set = bracket(text, at, pathname);
        if (set) {
          elements.push_back({*set});
          i = at;
        } else {
          elements.push_back({single('[')});
        }
      } else {
        elements.push_back({single(c)});
      }
    }
  }
  return elements;
}

bool some_may_be(const std::vector<Element>& elements, char c) {
  for (const Element& e : elements) {
    if (in(e.chars, c)) return true;
  }
  return false;
}

// Whether the value's first (or, reversed, last) character may be `c`.
template <typename It>
bool end_may_be(It begin, It end, char c) {
  for (It it = begin; it != end; ++it) {
    if (in(it->chars, c)) return true;
    if (it->min > 0) return false;
  }
  return false;
}

ValueFacts sequence_facts(const std::vector<Element>& elements) {
  ValueFacts facts;
  auto set = [&](ValueFact fact, bool holds) {
    if (holds) facts.bits |= static_cast<uint16_t>(fact);
  };
  bool non_empty = false, has_slash = false, digits = true, exact = true;
  for (const Element& e : elements) {
    non_empty = non_empty || e.min > 0;
    has_slash = has_slash || (e.min > 0 && e.chars == single('/'));
    digits = digits && only_digits(e.chars);
    exact = exact && e.literal();
  }
  set(ValueFact::NoNewline, !some_may_be(elements, '\n'));
  set(ValueFact::NoBackslash, !some_may_be(elements, '\\'));
  set(ValueFact::NoSlash, !some_may_be(elements, '/'));
  set(ValueFact::HasSlash, has_slash);
  set(ValueFact::NoGlobChars, !some_may_be(elements, '*') && !some_may_be(elements, '?') && !some_may_be(elements, '['));
  set(ValueFact::Digits, digits);
  set(ValueFact::NonEmpty, non_empty);
  set(ValueFact::NoLeadingDash, !end_may_be(elements.begin(), elements.end(), '-'));
  set(ValueFact::NoTrailingSlash, !end_may_be(elements.rbegin(), elements.rend(), '/'));
  set(ValueFact::NoTrailingNewline, !end_may_be(elements.rbegin(), elements.rend(), '\n'));
  for (const Element& e : elements) {
    if (!e.literal()) break;
    facts.prefix += only_character(e.chars);
  }
  for (auto it = elements.rbegin(); it != elements.rend() && it->literal(); ++it) {
    facts.suffix.insert(facts.suffix.begin(), only_character(it->chars));
  }
  facts.exact = exact;
  return facts;
}

// One ERE atom at regex[i] (a literal, an escaped character, `.` or a
// bracket), followed by an optional `*`, `+`, `?`; i is left after it.
std::optional<Element> regex_atom(std::string_view regex, size_t& i) {
  Element element;
  char c = regex[i];
  if (c == '.') {
    element.chars = any_character(false);
  } else if (c == '[') {
    std::optional<CharSet> set = bracket(regex, i, false);
    if (!set) return std::nullopt;
    element.chars = *set;
  } else if (c == '\\' && i + 1 < regex.size() && std::ispunct(static_cast<unsigned char>(regex[i + 1]))) {
    element.chars = single(regex[++i]);
  } else if (std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-/:,=@%~ ").find(c) != std::string_view::npos) {
    element.chars = single(c);
  } else {
    return std::nullopt;
  }
  ++i;
  if (i < regex.size() && (regex[i] == '*' || regex[i] == '+' || regex[i] == '?')) {
    element.min = regex[i] == '+' ? 1 : 0;
    element.max = regex[i] == '?' ? 1 : -1;
    ++i;
  }
  return element;
}

}  // namespace

std::optional<ValueFacts> pattern_facts(std::string_view source, const Node* pattern, bool pathname) {
  std::optional<std::vector<Element>> elements = glob_elements(source, pattern, pathname);
  if (!elements) return std::nullopt;
  return sequence_facts(*elements);
}

std::optional<ValueFacts> complement_facts(std::string_view source, const Node* pattern) {
  std::optional<std::vector<Element>> elements = glob_elements(source, pattern, false);
  if (!elements) return std::nullopt;
  const std::vector<Element>& e = *elements;
  auto star = [](const Element& x) { return x.min == 0 && x.max < 0; };
  if (e.empty()) return sequence_facts({Element{any_character(false), 1, -1}});
  if (e.size() == 3 && star(e[0]) && star(e[2]) && e[1].min == 1 && e[1].max == 1) {
    // No character outside SET: the value is SET's characters only.
    CharSet allowed = ~e[1].chars & any_character(false);
    return sequence_facts({Element{allowed, 0, -1}});
  }
  ValueFacts facts;
  if (e.size() == 2 && e[0].literal() && in(e[0].chars, '-') && star(e[1])) {
    facts.bits = static_cast<uint16_t>(ValueFact::NoLeadingDash);
  } else if (e.size() == 2 && star(e[0]) && e[1].literal() && in(e[1].chars, '/')) {
    facts.bits = static_cast<uint16_t>(ValueFact::NoTrailingSlash);
  } else if (e.size() == 3 && star(e[0]) && star(e[2]) && e[1].literal() && in(e[1].chars, '/')) {
    facts.bits = static_cast<uint16_t>(ValueFact::NoSlash) | static_cast<uint16_t>(ValueFact::NoTrailingSlash);
  } else {
    return std::nullopt;
  }
  return facts;
}

std::optional<ValueFacts> regex_facts(std::string_view regex) {
  if (regex.size() < 2 || regex.front() != '^' || regex.back() != '$') return std::nullopt;
  if (regex.size() >= 3 && regex[regex.size() - 2] == '\\') return std::nullopt;
  std::string_view body = regex.substr(1, regex.size() - 2);
  std::vector<Element> elements;
  for (size_t i = 0; i < body.size();) {
    std::optional<Element> atom = regex_atom(body, i);
    if (!atom) return std::nullopt;
    elements.push_back(*atom);
  }
  return sequence_facts(elements);
}

ValueFacts conjoined_facts(const ValueFacts& a, const ValueFacts& b) {
  ValueFacts both = a;
  both.bits |= b.bits;
  if (b.prefix.size() > both.prefix.size() && b.prefix.starts_with(both.prefix)) both.prefix = b.prefix;
  if (b.suffix.size() > both.suffix.size() && b.suffix.ends_with(both.suffix)) both.suffix = b.suffix;
  both.exact = a.exact || b.exact;
  if (b.exact && !a.exact) {
    both.prefix = b.prefix;
    both.suffix = b.suffix;
  }
  if (both.origin.empty()) both.origin = b.origin;
  return both;
}

}  // namespace forklift
