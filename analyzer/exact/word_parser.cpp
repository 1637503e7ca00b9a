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

bool is_operand_mode(WordMode mode) {
  return mode == WordMode::ParamOperand || mode == WordMode::ParamPattern || mode == WordMode::ParamOffset;
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
  const uint32_t word_begin = pos_;
  const bool allow_quotes = mode != WordMode::DoubleQuoted && mode != WordMode::HereDoc;
  uint32_t literal_begin = pos_;
  // Nesting of [] in subscripts, () in regexes and extended globs. (A `{` in
  // `${x:-{a}}` does not nest: the operand ends at the first `}`, as in bash
  // and ksh.)
  int depth = 0;
  int open_ternaries = 0;  // `?` of `${v:a?1:2}` whose `:` is not the length's
  bool regex_follows = false;  // after ksh `~(E)`, parentheses group the regex
  bool stop = false;
  while (!stop && pos_ < end_) {
    auto c = static_cast<unsigned char>(src_[pos_]);
    if (!special[c]) {
      ++pos_;
      continue;
    }
    const uint32_t at = pos_;
    Node* part = nullptr;
    switch (c) {
      case '\\':
        if (mode == WordMode::Command && depth == 0 && trailing_line_continuation()) {
          stop = true;
        } else {
          pos_ = std::min(pos_ + 2, end_);
        }
        break;
      case '\'':
        if (allow_quotes && !(in_double_quotes_ && is_operand_mode(mode))) {
          part = parse_single_quoted();
        } else {
          ++pos_;
        }
        break;
      case '"':
        if (mode == WordMode::DoubleQuoted) {
          stop = true;
        } else {
          part = parse_double_quoted(NodeKind::DoubleQuoted, pos_);
        }
        break;
      case '`':
        part = parse_backtick();
        break;
      case '$':
        part = parse_dollar(allow_quotes);
        if (part == nullptr) ++pos_;
        break;
      case '?': case '*': case '+': case '@': case '!':
        if (mode == WordMode::ParamOffset) {
          if (depth == 0) ++open_ternaries;
          ++pos_;
        } else if (peek(1) == '(') {
          ++depth;
          pos_ += 2;
        } else {
          ++pos_;
        }
        break;
      case '[':
        ++depth;
        ++pos_;
        break;
      case '{':
        if (uint32_t after = dialect_ == Dialect::Ksh ? counted_group_open(src_, pos_) : 0; after != 0 && after <= end_) {
          ++depth;
          pos_ = after;
        } else {
          ++pos_;
        }
        break;
      case '~': case '%':  // ksh `~(E)regex` (a pattern with options), `%(())` (balanced pairs)
        if (dialect_ == Dialect::Ksh && peek(1) == '(') {
          ++depth;
          pos_ += 2;
          regex_follows = regex_follows || c == '~';
        } else {
          ++pos_;
        }
        break;
      case '}': case ']':
        if (depth == 0) {
          stop = true;
        } else {
          --depth;
          ++pos_;
        }
        break;
      case '/': case ':':
        if (c == ':' && depth == 0 && open_ternaries > 0) {
          --open_ternaries;
        } else {
          stop = depth == 0;
        }
        if (!stop) ++pos_;
        break;
      case '(':
        if (mode == WordMode::Regex || mode == WordMode::ParamOffset || depth > 0 || regex_follows) {
          ++depth;
          ++pos_;
        } else {
          stop = true;
        }
        break;
      case ')':
        if (depth > 0) {
          --depth;
          ++pos_;
        } else if (mode == WordMode::ParamOperand || mode == WordMode::ParamPattern) {
          ++pos_;
        } else {
          stop = true;
        }
        break;
      case '\r':
        if (depth == 0 && peek(1) == '\n') {
          stop = true;
        } else {
          ++pos_;
        }
        break;
      case '<': case '>':
        if (at == word_begin && peek(1) == '(' && !posix_sh()) {
          part = parse_process_substitution();
        } else if (depth > 0) {
          ++pos_;
        } else {
          stop = true;
        }
        break;
      default:  // blanks, newline, `;`, `&`, `|`: literal only inside parentheses
        if (depth > 0) {
          ++pos_;
        } else {
          stop = true;
        }
        break;
    }
    if (part != nullptr) {
      if (at > literal_begin) {
        Node* literal = make(NodeKind::Literal, literal_begin, at);
        literal->text = slice(literal_begin, at);
        parts.push_back(literal);
      }
      parts.push_back(part);
      literal_begin = pos_;
    }
  }
  if (pos_ > literal_begin) {
    Node* literal = make(NodeKind::Literal, literal_begin, pos_);
    literal->text = slice(literal_begin, pos_);
    parts.push_back(literal);
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
  pos_ += 2;
  DepthGuard depth(*this, begin);
  CommandContext context(*this);
  closer_ = ')';
  Node* list = parse_list();
  if (peek() != ')' || at_end()) unexpected_expecting(")");
  ++pos_;
  Node* node = make(NodeKind::ProcessSub, begin, pos_);
  node->text = slice(begin, begin + 2);
  node->kids.push_back(list);
  return node;
}

}  // namespace forklift::exact
