// Bytes between tokens (blanks, continuations, comments, newlines), reserved
// words, and the shell-style error messages.
#include <array>
#include <cstring>

#include <fmt/format.h>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"
#include "analyzer/front_end.h"

namespace forklift::exact {

Parser::Parser(Ast& ast, std::string_view source, Dialect dialect, std::vector<Span>& comments,
               std::vector<ParseError>& warnings)
    : ast_(ast),
      src_(source),
      dialect_(dialect),
      comments_(comments),
      warnings_(warnings),
      end_(static_cast<uint32_t>(source.size())) {}

DepthGuard::DepthGuard(Parser& parser, uint32_t at) : parser_(parser) {
  if (parser_.depth_ >= kMaxNestingDepth) parser_.fail(at, "syntax error: nesting too deep");
  ++parser_.depth_;
}

CommandContext::CommandContext(Parser& parser)
    : parser_(parser),
      saved_in_double_quotes_(parser.in_double_quotes_),
      saved_closer_(parser.closer_) {
  parser_.in_double_quotes_ = false;
  parser_.closer_ = 0;
}

CommandContext::~CommandContext() {
  parser_.in_double_quotes_ = saved_in_double_quotes_;
  parser_.closer_ = saved_closer_;
}

bool Parser::looking_at(std::string_view text) const {
  return end_ - pos_ >= text.size() && src_.substr(pos_, text.size()) == text;
}

bool Parser::is_delimiter_at(uint32_t at) const {
  if (at >= end_) return true;
  char c = src_[at];
  if (c == '\r') return at + 1 < end_ && src_[at + 1] == '\n';
  return is_metachar(c);
}

bool Parser::at_reserved(std::string_view word) const {
  return looking_at(word) && is_delimiter_at(pos_ + static_cast<uint32_t>(word.size()));
}

std::string_view Parser::reserved_word() const {
  static constexpr std::array<std::string_view, 21> kReserved = {
      "if",   "then", "elif",   "else",     "fi",   "do", "done", "while", "until", "for", "in",
      "case", "esac", "select", "function", "time", "{",  "}",    "!",     "[[",    "]]"};
  if (at_end()) return {};
  uint32_t p = pos_;
  char c = src_[p];
  if (c >= 'a' && c <= 'z') {
    while (p < end_ && p - pos_ < 9 && src_[p] >= 'a' && src_[p] <= 'z') ++p;
  } else if (c == '{' || c == '}' || c == '!') {
    ++p;
  } else if ((c == '[' || c == ']') && peek(1) == c) {
    p += 2;
  } else {
    return {};
  }
  if (!is_delimiter_at(p)) return {};
  std::string_view word = slice(pos_, p);
  for (std::string_view reserved : kReserved) {
    if (reserved.size() == word.size() && reserved[0] == word[0] && reserved == word) return word;
  }
  return {};
}

bool Parser::at_list_terminator() const {
  if (at_end()) return true;
  char c = src_[pos_];
  if (c == ')' || (c == '}' && closer_ == '}')) return true;
  if (c == ';') return peek(1) == ';' || peek(1) == '&' || (peek(1) == '|' && dialect_ == Dialect::Mksh);
  std::string_view word = reserved_word();
  return word == "then" || word == "elif" || word == "else" || word == "fi" || word == "do" || word == "done" ||
         word == "esac" || word == "}";
}

void Parser::skip_blanks() {
  while (pos_ < end_) {
    char c = src_[pos_];
    if (c == ' ' || c == '\t') {
      ++pos_;
    } else if (c == '\\' && peek(1) == '\n') {
      pos_ += 2;
    } else if (c == '\\' && peek(1) == '\r' && peek(2) == '\n') {
      pos_ += 3;
    } else if (c == '\r' && peek(1) == '\n') {
      ++pos_;
    } else {
      break;
    }
  }
}

void Parser::skip_comment() {
  uint32_t begin = pos_;
  const char* newline = static_cast<const char*>(memchr(src_.data() + pos_, '\n', end_ - pos_));
  pos_ = newline != nullptr ? static_cast<uint32_t>(newline - src_.data()) : end_;
  uint32_t end = pos_;
  if (end > begin && src_[end - 1] == '\r') --end;
  comments_.push_back({begin, end});
}

void Parser::skip_space() {
  skip_blanks();
  if (peek() == '#' && !at_end()) skip_comment();
}

void Parser::consume_newline() {
  ++pos_;
  if (!pending_.empty()) read_pending_here_documents();
}

void Parser::skip_linebreaks() {
  for (;;) {
    skip_space();
    if (!at_newline()) return;
    consume_newline();
  }
}

std::string Parser::token_at(uint32_t at) const {
  static constexpr std::array<std::string_view, 23> kOperators = {
      ";;&", "&>>", "<<<", "<<-", ";;", ";&", "&&", "||", "|&", "&>", "<<", ">>", "<&", ">&", "<>", ">|",
      "|",   "&",   ";",   "(",   ")",  "<",  ">"};
  if (at >= end_) return "end of file";
  if (src_[at] == '\n') return "newline";
  std::string_view rest = src_.substr(at, end_ - at);
  for (std::string_view op : kOperators) {
    if (rest.substr(0, op.size()) == op) return std::string(op);
  }
  uint32_t p = at;
  while (p < end_ && p - at < 40 && !is_delimiter_at(p)) ++p;
  if (p == at) ++p;
  return std::string(slice(at, p));
}

void Parser::fail(uint32_t offset, std::string message) const {
  throw SyntaxError{offset, std::move(message)};
}

void Parser::unexpected() const {
  if (at_end()) fail(pos_, "syntax error: unexpected end of file");
  fail(pos_, fmt::format("syntax error: `{}' unexpected", token_at(pos_)));
}

void Parser::unexpected_expecting(std::string_view expecting) const {
  if (at_end()) fail(pos_, fmt::format("syntax error: unexpected end of file (expecting `{}')", expecting));
  fail(pos_, fmt::format("syntax error: `{}' unexpected (expecting `{}')", token_at(pos_), expecting));
}

void Parser::expect_reserved(std::string_view word) {
  skip_linebreaks();
  if (!at_reserved(word)) unexpected_expecting(word);
  pos_ += static_cast<uint32_t>(word.size());
}

}  // namespace forklift::exact
