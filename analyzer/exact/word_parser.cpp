// Words: runs of literal bytes, quotes and the expansions inside them.
#include <algorithm>
#include <array>
#include <cstring>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {
namespace {

using SpecialTable = std::array<bool, 256>;

SpecialTable special_bytes(std::string_view bytes) {
  SpecialTable table{};
  for (char c : bytes) table[static_cast<unsigned char>(c)] = true;
  return table;
}

// Bytes that end a literal run in each mode (everything else is copied as is).
const std::array<SpecialTable, static_cast<size_t>(WordMode::kCount)> kSpecial = {
    special_bytes(" \t\n;&|()<>'\"`$\\\r?*+@!{~%"),  // Command
    special_bytes(" \t\n;&()'\"`$\\\r"),           // Regex
    special_bytes("{)}'\"`$\\"),                   // ParamOperand
    special_bytes("{)}'\"`$\\"),                   // ParamMatch
    special_bytes("{)}/'\"`$\\"),                  // ParamPattern
    special_bytes("}:()?'\"`$\\"),                // ParamOffset
    special_bytes("[]'\"`$\\"),                   // Subscript
    special_bytes("\"`$\\"),                      // DoubleQuoted
    special_bytes("`$\\"),                        // HereDoc
};

// ksh `{n}(`, `{n,m}(` at `at`: a pattern group repeated n to m times (ksh93
// reads any `{...}(` so, as long as no metacharacter comes between); returns
// the offset after its `(`, or 0.
uint32_t counted_group_open(std::string_view text, uint32_t at) {
  uint32_t p = at + 1;
  while (p < text.size() && text[p] != '}' && !is_metachar(text[p])) ++p;
  if (p + 1 >= text.size() || text[p] != '}' || text[p + 1] != '(') return 0;
  return p + 2;
}

// Inside double quotes, quotes in a `${x:-operand}` or `${x:offset}` are
// literal text; in a pattern or a replacement they still quote.
bool quotes_are_literal(WordMode mode, bool in_double_quotes) {
  return in_double_quotes && (mode == WordMode::ParamOperand || mode == WordMode::ParamOffset);
}

}  // namespace

Node* Parser::parse_word(WordMode mode) {
  if (at_end()) return nullptr;
  char c = src_[pos_];
  if (mode == WordMode::Command || mode == WordMode::Regex) {
    bool process_substitution = (c == '<' || c == '>') && peek(1) == '(' && !posix_sh();
    // A regex may open with a group: `[[ x =~ (a|b)c ]]`.
    bool regex_group = mode == WordMode::Regex && c == '(';
    if ((is_metachar(c) && !process_substitution && !regex_group) || (c == '\r' && peek(1) == '\n')) return nullptr;
    if (mode == WordMode::Command && trailing_line_continuation()) return nullptr;
  }
  return parse_word_until(mode);
}

Node* Parser::parse_word_until(WordMode mode) {
  Node* word = make(NodeKind::Word, pos_, pos_);
  parse_word_parts(mode, word->kids);
  word->end = pos_;
  classify_word(*word, src_);
  return word;
}

// A `\`-newline followed by the end of the word belongs to the blanks after
// the word, not to the word.
bool Parser::trailing_line_continuation() const {
  if (peek() != '\\') return false;
  uint32_t after = pos_ + 1;
  if (after < end_ && src_[after] == '\r') ++after;
  if (after >= end_ || src_[after] != '\n') return false;
  return is_delimiter_at(after + 1);
}

void Parser::parse_word_parts(WordMode mode, std::vector<Node*>& parts) {
  const SpecialTable& special = kSpecial[static_cast<size_t>(mode)];
  WordScan scan{mode, pos_, mode != WordMode::DoubleQuoted && mode != WordMode::HereDoc};
  uint32_t literal_begin = pos_;
  auto flush_literal = [&](uint32_t end) {
    if (end <= literal_begin) return;
    Node* literal = make(NodeKind::Literal, literal_begin, end);
    literal->text = slice(literal_begin, end);
    parts.push_back(literal);
  };
  while (!scan.stop && pos_ < end_) {
    auto c = static_cast<unsigned char>(src_[pos_]);
    if (!special[c]) {
      ++pos_;
      continue;
    }
    const uint32_t at = pos_;
    Node* part = scan_word_part(scan, static_cast<char>(c));
    if (part == nullptr) continue;
    flush_literal(at);
    parts.push_back(part);
    literal_begin = pos_;
  }
  flush_literal(pos_);
}

// A quote, an expansion or a process substitution at pos_, parsed; other
// special bytes are stepped over (scan_word_punctuation), or end the word.
Node* Parser::scan_word_part(WordScan& scan, char c) {
  Node* part = nullptr;
  switch (c) {
    case '\\':
      if (scan.mode == WordMode::Command && scan.depth == 0 && trailing_line_continuation()) {
        scan.stop = true;
      } else {
        pos_ = std::min(pos_ + 2, end_);
      }
      return nullptr;
    case '\'':
      if (scan.allow_quotes && !quotes_are_literal(scan.mode, in_double_quotes_)) return parse_single_quoted();
      ++pos_;
      return nullptr;
    case '"':
      if (scan.mode != WordMode::DoubleQuoted) return parse_double_quoted(NodeKind::DoubleQuoted, pos_);
      scan.stop = true;
      return nullptr;
    case '`':
      return parse_backtick();
    case '$':
      // ksh93 leaves `$'...'` literal where quotes are (bash and mksh decode it)
      part = parse_dollar(scan.allow_quotes &&
                          !(dialect_ == Dialect::Ksh && quotes_are_literal(scan.mode, in_double_quotes_)));
      if (part == nullptr) ++pos_;
      return part;
    case '<': case '>':
      if (pos_ == scan.word_begin && peek(1) == '(' && !posix_sh()) return parse_process_substitution();
      break;
    default:
      break;
  }
  scan_word_punctuation(scan, c);
  return nullptr;
}

// Glob, pattern, subscript and grouping bytes: they nest (depth) or end the
// word, depending on the mode.
void Parser::scan_word_punctuation(WordScan& scan, char c) {
  auto open_group = [&](uint32_t width) {
    ++scan.depth;
    pos_ += width;
  };
  switch (c) {
    case '?': case '*': case '+': case '@': case '!':
      if (scan.mode == WordMode::ParamOffset) {
        if (scan.depth == 0) ++scan.open_ternaries;
        ++pos_;
      } else if (peek(1) == '(') {
        open_group(2);
      } else {
        ++pos_;
      }
      return;
    case '[':
      open_group(1);
      return;
    case '{':
      if (uint32_t after = dialect_ == Dialect::Ksh ? counted_group_open(src_, pos_) : 0; after != 0 && after <= end_) {
        open_group(after - pos_);
      } else {
        ++pos_;
      }
      return;
    case '~': case '%':  // ksh `~(E)regex` (a pattern with options), `%(())` (balanced pairs)
      if (dialect_ == Dialect::Ksh && peek(1) == '(') {
        open_group(2);
        scan.regex_follows = scan.regex_follows || c == '~';
      } else {
        ++pos_;
      }
      return;
    case '}': case ']':
      if (scan.depth == 0) {
        scan.stop = true;
      } else {
        --scan.depth;
        ++pos_;
      }
      return;
    case '/': case ':':
      if (c == ':' && scan.depth == 0 && scan.open_ternaries > 0) {
        --scan.open_ternaries;
      } else {
        scan.stop = scan.depth == 0;
      }
      if (!scan.stop) ++pos_;
      return;
    case '(':
      if (scan.mode == WordMode::Regex || scan.mode == WordMode::ParamOffset || scan.depth > 0 || scan.regex_follows) {
        open_group(1);
      } else {
        scan.stop = true;
      }
      return;
    case ')':
      if (scan.depth > 0) {
        --scan.depth;
        ++pos_;
      } else if (scan.mode == WordMode::ParamOperand || scan.mode == WordMode::ParamMatch ||
                 scan.mode == WordMode::ParamPattern) {
        ++pos_;
      } else {
        scan.stop = true;
      }
      return;
    case '\r':
      if (scan.depth == 0 && peek(1) == '\n') {
        scan.stop = true;
      } else {
        ++pos_;
      }
      return;
    default:  // blanks, newline, `;`, `&`, `|`, `<`, `>`: literal only inside parentheses
      if (scan.depth > 0) {
        ++pos_;
      } else {
        scan.stop = true;
      }
      return;
  }
}

Node* Parser::parse_single_quoted() {
  uint32_t begin = pos_;
  const void* close = memchr(src_.data() + begin + 1, '\'', end_ - begin - 1);
  if (close == nullptr) fail(begin, "syntax error: `'' unmatched");
  pos_ = static_cast<uint32_t>(static_cast<const char*>(close) - src_.data()) + 1;
  Node* node = make(NodeKind::SingleQuoted, begin, pos_);
  node->text = slice(begin, pos_);
  return node;
}

// `begin` is the `$` of `$"..."` or the opening quote; pos_ is at the quote.
Node* Parser::parse_double_quoted(NodeKind kind, uint32_t begin) {
  ++pos_;
  Node* node = make(kind, begin, begin);
  bool saved = in_double_quotes_;
  in_double_quotes_ = true;
  parse_word_parts(WordMode::DoubleQuoted, node->kids);
  in_double_quotes_ = saved;
  if (at_end()) fail(begin, "syntax error: `\"' unmatched");
  ++pos_;
  node->end = pos_;
  return node;
}

Node* Parser::parse_process_substitution() {
  uint32_t begin = pos_;
  Node* node = parse_parenthesized_commands(NodeKind::ProcessSub);
  node->text = slice(begin, begin + 2);
  return node;
}

}  // namespace forklift::exact
