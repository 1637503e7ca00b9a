// Braced parameter expansion `${...}`: prefix (`#` length, `!` indirection),
// name, subscript, operator and operand words.
#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {
namespace {

constexpr std::string_view kBadSubstitution = "syntax error: bad substitution";

}  // namespace

Node* Parser::parse_braced_param() {
  uint32_t begin = pos_;
  pos_ += 2;
  DepthGuard depth(*this, begin);
  char c = peek();
  if (ksh_like() && (c == ' ' || c == '\t' || c == '\n')) return parse_brace_substitution(begin);
  if (posix_sh()) return parse_param_body(begin);
  try {
    return parse_param_body(begin);
  } catch (const SyntaxError& error) {
    if (!reported_when_expanded(error)) throw;
  }
  return parse_unknown_param(begin);
}

// bash and ksh check what follows the name only when they expand it
// (`${foo@bar}` is an error at run time), except that ksh refuses an empty
// `${}` and blanks or operators inside.
bool Parser::reported_when_expanded(const SyntaxError& error) const {
  if (error.message != kBadSubstitution || error.offset >= end_) return false;
  if (dialect_ == Dialect::Bash) return true;
  char c = src_[error.offset];
  return c != '}' && c != '\r' && !is_metachar(c);
}

// The text of a `${...}` that does not parse, up to its `}`, as an Error node
// (kids: the Word of that text): an error when it is expanded.
Node* Parser::parse_unknown_param(uint32_t begin) {
  pos_ = begin + 2;
  Node* text = parse_word_until(WordMode::ParamOperand);
  if (at_end()) fail(begin, "syntax error: `${' unmatched");
  ++pos_;
  Node* node = make(NodeKind::Error, begin, pos_);
  node->kids.push_back(text);
  return node;
}

Node* Parser::parse_param_body(uint32_t begin) {
  Node* param = make(NodeKind::ParamExp, begin, begin);
  param->flags = kParamBraced;
  parse_param_name(param);
  bool named = !param->text.empty() && (is_name_start(param->text[0]) || param->text[0] == '.');
  if (peek() == '[' && named) {
    // ksh `${a[1].x}`: the name spans the subscript and the members after it.
    parse_subscripts_and_members(param, static_cast<uint32_t>(param->text.data() - src_.data()));
  }
  parse_param_operator(param);
  if (at_end()) fail(begin, "syntax error: `${' unmatched");
  if (peek() != '}') fail(pos_, std::string(kBadSubstitution));
  ++pos_;
  param->end = pos_;
  return param;
}

void Parser::parse_param_name(Node* param) {
  char c = peek();
  char next = peek(1);
  if (c == '#' && next != '}') {
    bool names_operand = is_name_start(next) || is_digit(next) || next == '@' || next == '*' || next == '!' ||
                         next == '$' || (dialect_ == Dialect::Ksh && next == '.') ||
                         ((next == '-' || next == '?' || next == '#') && peek(2) == '}');
    if (names_operand) {
      param->flags |= kParamLength;
      ++pos_;
    }
  } else if (c == '!' && next != '}') {
    if (is_name_start(next) || is_digit(next) || is_special_param(next)) {
      param->flags |= kParamIndirect;
      ++pos_;
    }
  }
  uint32_t name_begin = pos_;
  c = peek();
  auto dotted = [&](uint32_t at) {
    return dialect_ == Dialect::Ksh && at + 1 < end_ && src_[at] == '.' && is_name_start(src_[at + 1]);
  };
  if (at_end()) {
    fail(param->begin, "syntax error: `${' unmatched");
  } else if (is_name_start(c) || dotted(pos_)) {
    while (pos_ < end_ && (is_name_char(src_[pos_]) || dotted(pos_))) ++pos_;
    // ksh `${!prefix.*}`: the prefix of compound members ends with the dot
    bool member_prefix = (param->flags & kParamIndirect) != 0 && dialect_ == Dialect::Ksh && peek() == '.' &&
                         (peek(1) == '*' || peek(1) == '@') && peek(2) == '}';
    if (member_prefix) ++pos_;
  } else if (is_digit(c)) {
    while (pos_ < end_ && is_digit(src_[pos_])) ++pos_;
  } else if (is_special_param(c)) {
    ++pos_;
  } else {
    fail(pos_, std::string(kBadSubstitution));
  }
  param->text = slice(name_begin, pos_);
}

void Parser::parse_param_operator(Node* param) {
  if (at_end() || peek() == '}') return;
  const uint32_t op_begin = pos_;
  const char c = peek();
  const char next = peek(1);
  auto take_op = [&](uint32_t length) {
    pos_ += length;
    param->op = slice(op_begin, pos_);
  };
  switch (c) {
    case ':':
      if (next == '-' || next == '=' || next == '?' || next == '+') {
        take_op(2);
        param->kids.push_back(parse_word_until(WordMode::ParamOperand));
        return;
      }
      take_op(1);
      param->kids.push_back(parse_word_until(WordMode::ParamOffset));
      if (peek() == ':' && !at_end()) {
        ++pos_;
        param->kids.push_back(parse_word_until(WordMode::ParamOperand));
      }
      return;
    case '-': case '=': case '?': case '+':
      take_op(1);
      param->kids.push_back(parse_word_until(WordMode::ParamOperand));
      return;
    case '*':
      if ((param->flags & kParamIndirect) != 0 && next == '}') take_op(1);
      return;
    case '@':
      if ((param->flags & kParamIndirect) != 0 && next == '}') {
        take_op(1);
      } else if (is_alpha(next)) {
        take_op(2);
      }
      return;
    case '#': case '%':
      take_op(next == c ? 2 : 1);
      param->kids.push_back(parse_word_until(WordMode::ParamMatch));
      return;
    case '/':
      take_op(next == '/' || next == '#' || next == '%' ? 2 : 1);
      param->kids.push_back(parse_word_until(WordMode::ParamPattern));
      if (peek() == '/' && !at_end()) {
        ++pos_;
        param->kids.push_back(parse_word_until(WordMode::ParamMatch));
      }
      return;
    case '^': case ',': case '~':
      take_op(next == c ? 2 : 1);
      if (peek() != '}') param->kids.push_back(parse_word_until(WordMode::ParamOperand));
      return;
    default:
      return;
  }
}

}  // namespace forklift::exact
