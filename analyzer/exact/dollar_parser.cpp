// What a `$` starts: parameters, `$(...)`, `$((...))`, `$[...]` (to sh and
// mksh a `$` and a bracket pattern; the ksh dialect still reads it, since the
// bundled interpreter also runs bash scripts), `${ cmd; }`, `$'...'` and
// `$"..."`.
#include <fmt/format.h>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

Node* Parser::parse_dollar(bool allow_quotes) {
  if (pos_ + 1 >= end_) return nullptr;
  char next = src_[pos_ + 1];
  switch (next) {
    case '{':
      return parse_braced_param();
    case '(':
      return peek(2) == '(' && double_paren_is_arithmetic(pos_ + 1) ? parse_arith_expansion()
                                                                    : parse_command_substitution();
    case '[':
      return posix_sh() || dialect_ == Dialect::Mksh ? nullptr : parse_arith_bracket();
    case '\'':
      return allow_quotes ? parse_ansi_c_quoted() : nullptr;
    case '"': {
      if (!allow_quotes) return nullptr;
      uint32_t begin = pos_++;
      return parse_double_quoted(NodeKind::LocaleQuoted, begin);
    }
    default:
      if (is_name_start(next) || is_digit(next) || is_special_param(next)) return parse_simple_param();
      return nullptr;
  }
}

Node* Parser::parse_standalone_expansion(uint32_t begin, uint32_t end, bool in_double_quotes) {
  pos_ = begin;
  end_ = end;
  in_double_quotes_ = in_double_quotes;
  Node* node = parse_dollar(true);
  if (node == nullptr) fail(begin, "syntax error: `$' starts no expansion");
  if (pos_ != end) unexpected();
  return node;
}

Node* Parser::parse_ansi_c_quoted() {
  uint32_t begin = pos_;
  pos_ += 2;
  while (pos_ < end_ && src_[pos_] != '\'') pos_ += src_[pos_] == '\\' ? 2 : 1;
  if (pos_ >= end_) fail(begin, "syntax error: `$'' unmatched");
  ++pos_;
  Node* node = make(NodeKind::AnsiCQuoted, begin, pos_);
  node->text = slice(begin, pos_);
  return node;
}

// $name, $1, $@ ...: only one digit without braces.
Node* Parser::parse_simple_param() {
  uint32_t begin = pos_++;
  uint32_t name_begin = pos_;
  if (is_name_start(src_[pos_])) {
    while (pos_ < end_ && is_name_char(src_[pos_])) ++pos_;
  } else {
    ++pos_;
  }
  Node* node = make(NodeKind::ParamExp, begin, pos_);
  node->text = slice(name_begin, pos_);
  return node;
}

Node* Parser::parse_command_substitution() { return parse_parenthesized_commands(NodeKind::CommandSub); }

// `$(…)`, `<(…)` and `>(…)`: two opening bytes, then commands up to `)`.
Node* Parser::parse_parenthesized_commands(NodeKind kind) {
  uint32_t begin = pos_;
  pos_ += 2;
  DepthGuard depth(*this, begin);
  CommandContext context(*this);
  closer_ = ')';
  const size_t pending_before = pending_.size();
  Node* list = parse_list();
  if (at_end() || peek() != ')') unexpected_expecting(")");
  // ksh93 and mksh want a here-document begun inside the substitution
  // to end there; bash reads its body after the `)`.
  if (pending_.size() > pending_before && ksh_like()) {
    throw SyntaxError{pending_[pending_before].redirect->begin,
                      fmt::format("syntax error: `<<{}' here-document not contained within command substitution",
                                  pending_[pending_before].delimiter)};
  }
  ++pos_;
  Node* node = make(kind, begin, pos_);
  node->kids.push_back(list);
  return node;
}

Node* Parser::parse_arith_expansion() { return parse_double_parens(NodeKind::ArithExp, 3); }

Node* Parser::parse_arith_bracket() {
  uint32_t begin = pos_;
  pos_ += 2;
  DepthGuard depth(*this, begin);
  Node* expr = parse_arith_until("]");
  expect_arith("]");
  Node* node = make(NodeKind::ArithBracket, begin, pos_);
  node->kids.push_back(expr);
  return node;
}

// ksh `${ list; }`: pos_ is just after `${`. ksh93u+m also ends the list at
// a `}` where a word starts, without the `;` (`"[${ echo hi }]"`).
Node* Parser::parse_brace_substitution(uint32_t begin) {
  CommandContext context(*this);
  closer_ = '}';
  Node* list = parse_nonempty_list("}");
  if (at_end() || peek() != '}') unexpected_expecting("}");
  ++pos_;
  Node* node = make(NodeKind::BraceSub, begin, pos_);
  node->kids.push_back(list);
  return node;
}

}  // namespace forklift::exact
