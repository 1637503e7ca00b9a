// Redirections: `[n|{var}]op word`, with here-documents queued for the next
// newline.
#include <array>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {
namespace {

// ksh93's seeks (`<#`, `<##`, `>#`) and its redirections that replace (`>;`)
// or truncate (`<>;`) the file only when the command succeeds.
bool is_ksh93_redirection(std::string_view op) {
  return (op.find('#') != std::string_view::npos && op != "<<#") || op.back() == ';';
}

}  // namespace

bool Parser::redirect_ahead() const {
  if (at_end()) return false;
  const char c = src_[pos_];
  if (c == '<' || c == '>') return !(peek(1) == '(' && !posix_sh());
  if (c == '&') return peek(1) == '>' && !posix_sh();
  uint32_t p = pos_;
  if (is_digit(c)) {
    while (p < end_ && is_digit(src_[p])) ++p;
  } else if (c == '{' && !posix_sh()) {
    p = scan_name(pos_ + 1);
    if (p == pos_ + 1 || p >= end_ || src_[p] != '}') return false;
    ++p;
  } else {
    return false;
  }
  return p < end_ && (src_[p] == '<' || src_[p] == '>');
}

std::string_view Parser::redirect_operator() const {
  static constexpr std::array<std::string_view, 18> kOperators = {
      "<<<", "<<-", "<<#", "<<", "<>;", "<>", "<&", "<##", "<#", "<", "&>>", "&>", ">>", ">|", ">&", ">#", ">;", ">"};
  for (std::string_view op : kOperators) {
    // ksh93 has `&>` but not bash's `&>>`: there it is `&>` then a stray `>`.
    bool bash_only = op == "&>>" && dialect_ == Dialect::Ksh;
    bool ksh_only = op == "<<#" && dialect_ != Dialect::Ksh;
    if (looking_at(op) && !(op == "<<<" && posix_sh()) && !bash_only && !ksh_only &&
        !(is_ksh93_redirection(op) && dialect_ != Dialect::Ksh)) {
      return slice(pos_, pos_ + static_cast<uint32_t>(op.size()));
    }
  }
  return {};
}

Node* Parser::parse_redirect() {
  const uint32_t begin = pos_;
  Node* node = make(NodeKind::Redirect, begin, begin);
  if (peek() != '<' && peek() != '>' && peek() != '&') {
    uint32_t p = pos_;
    while (src_[p] != '<' && src_[p] != '>') ++p;
    Node* fd = make(NodeKind::IoNumber, begin, p);
    fd->text = slice(begin, p);
    node->kids.push_back(fd);
    pos_ = p;
  }
  node->text = redirect_operator();
  pos_ += static_cast<uint32_t>(node->text.size());
  if (node->text == "<<-") node->flags |= kHereDocStripTabs;
  if (node->text == "<<#") node->flags |= kHereDocStripIndent;
  skip_blanks();
  const bool seek = node->text.find('#') != std::string_view::npos && node->text != "<<#";
  Node* target = seek ? parse_seek_target() : parse_word(WordMode::Command);
  if (target == nullptr) unexpected();
  // The tree has no seek or replacing redirection yet: an Error node (text the
  // operator, kids the fd and the target), which the linter leaves alone and
  // the interpreter refuses to run.
  if (is_ksh93_redirection(node->text)) node->kind = NodeKind::Error;
  node->kids.push_back(target);
  node->end = target->end;
  if (node->text.starts_with("<<") && node->text != "<<<") queue_here_document(node, target);
  return node;
}

// ksh93's seek redirections: `3<# ((offset))` and `>#((offset))` move to an
// offset (the target a Word holding one ArithExp, spanning `((...))`),
// `<#pattern` and `<##pattern` to the next line matching it; `$(3<#)` alone
// gives the current offset (an empty target Word).
Node* Parser::parse_seek_target() {
  const uint32_t begin = pos_;
  if (closer_ == ')' && peek() == ')') return make(NodeKind::Word, begin, begin);
  if (!looking_at("((")) return parse_word(WordMode::Command);
  Node* offset = parse_double_parens(NodeKind::ArithExp, 2);
  Node* word = make(NodeKind::Word, begin, pos_);
  word->kids.push_back(offset);
  return word;
}

}  // namespace forklift::exact
