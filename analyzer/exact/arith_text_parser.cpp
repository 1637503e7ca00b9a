// Arithmetic the shells read only when they evaluate it. They expand an
// arithmetic expression's text before they read it, so `(( x = $empty y[3] ))`
// and `(( $name[4] == 3 ))` are valid although they do not parse as written:
// such an expression becomes one ArithWord of its parts, re-read as
// arithmetic once expanded. And since they read it only then, an expression
// that cannot parse at all (`(( 1 + ))`) is an error when it runs, not when
// the script is read: it becomes an Error node spanning its text.
#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

Node* Parser::parse_arith_until(std::string_view terminator) {
  const uint32_t begin = pos_;
  const uint64_t key = uint64_t{begin} << 32 | uint64_t{end_} << 1 | uint64_t{in_double_quotes_};
  auto failed = failed_arithmetic_.find(key);
  if (failed == failed_arithmetic_.end()) {
    try {
      Node* expr = parse_arith_top();
      skip_arith_space();
      expect_arith(terminator);
      pos_ -= static_cast<uint32_t>(terminator.size());
      return expr;
    } catch (const SyntaxError& error) {
      failed = failed_arithmetic_.emplace(key, error).first;
    }
  }
  SyntaxError error = failed->second;
  pos_ = begin;
  Node* text = parse_arith_text(terminator);
  // Only arithmetic's own errors wait; nesting too deep is final.
  if (text->is(NodeKind::Error) && !error.message.starts_with("arithmetic syntax error")) throw error;
  return text;
}

// The expression up to `terminator` (outside parentheses) as an ArithWord,
// or as an Error node when it holds no expansion.
Node* Parser::parse_arith_text(std::string_view terminator) {
  skip_arith_space();
  Node* word = make(NodeKind::ArithWord, pos_, pos_);
  uint32_t literal_begin = pos_;
  uint32_t text_end = pos_;  // after the last byte that is not a blank
  bool expanded = false;
  int depth = 0;
  auto flush_literal = [&](uint32_t end) {
    if (end <= literal_begin) return;
    Node* literal = make(NodeKind::Literal, literal_begin, end);
    literal->text = slice(literal_begin, end);
    word->kids.push_back(literal);
  };
  while (!at_end() && !(depth == 0 && looking_at(terminator))) {
    const char c = peek();
    const uint32_t at = pos_;
    Node* part = nullptr;
    if (starts_arith_word_part(c)) {
      part = parse_arith_word_part();
    } else if (c == ')' && depth == 0) {
      break;
    } else {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      pos_ += c == '\\' && pos_ + 1 < end_ ? 2 : 1;
      if (!is_blank(c) && c != '\n') text_end = pos_;
      continue;
    }
    if (part == nullptr) {
      text_end = ++pos_;
      continue;
    }
    flush_literal(at);
    word->kids.push_back(part);
    literal_begin = text_end = pos_;
    expanded = true;
  }
  word->end = text_end;
  if (!expanded) {
    word->kind = NodeKind::Error;
    return word;
  }
  flush_literal(text_end);
  return word;
}

Node* Parser::parse_arith_word_part() {
  switch (peek()) {
    case '$': return parse_dollar(false);
    case '`': return parse_backtick();
    case '"': return parse_double_quoted(NodeKind::DoubleQuoted, pos_);
    default: return parse_single_quoted();
  }
}

}  // namespace forklift::exact
