// Compound commands and function definitions.
#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

Node* Parser::parse_compound_command(std::string_view keyword) {
  if (keyword == "{") return with_redirects(parse_brace_group());
  if (keyword == "if") return with_redirects(parse_if());
  if (keyword == "while") return with_redirects(parse_loop(NodeKind::While));
  if (keyword == "until") return with_redirects(parse_loop(NodeKind::Until));
  if (keyword == "for") return with_redirects(parse_for(NodeKind::For));
  if (keyword == "select") return with_redirects(parse_for(NodeKind::Select));
  if (keyword == "case") return with_redirects(parse_case());
  if (keyword == "[[") return with_redirects(parse_test_command());
  if (keyword == "function") return parse_function_keyword();
  if (keyword == "!" || keyword == "time" || keyword == "in" || keyword == "]]") return nullptr;
  unexpected();  // then, elif, else, fi, do, done, esac, }
}

Node* Parser::with_redirects(Node* command) {
  Node* wrapped = nullptr;
  for (;;) {
    skip_blanks();
    if (!redirect_ahead()) return wrapped != nullptr ? wrapped : command;
    if (wrapped == nullptr) {
      wrapped = make(NodeKind::Redirected, command->begin, command->end);
      wrapped->kids.push_back(command);
    }
    Node* redirect = parse_redirect();
    wrapped->kids.push_back(redirect);
    wrapped->end = redirect->end;
  }
}

Node* Parser::parse_subshell() {
  const uint32_t begin = pos_++;
  Node* list = parse_nonempty_list(")");
  if (at_end() || peek() != ')') unexpected_expecting(")");
  ++pos_;
  Node* node = make(NodeKind::Subshell, begin, pos_);
  node->kids.push_back(list);
  return node;
}

Node* Parser::parse_brace_group() {
  const uint32_t begin = pos_++;
  Node* list = parse_nonempty_list("}");
  expect_reserved("}");
  Node* node = make(NodeKind::BraceGroup, begin, pos_);
  node->kids.push_back(list);
  return node;
}

Node* Parser::parse_if() {
  const uint32_t begin = pos_;
  pos_ += 2;
  Node* node = make(NodeKind::If, begin, begin);
  Node* condition = parse_condition("then");
  expect_reserved("then");
  node->kids = {condition, parse_nonempty_list("fi")};
  while (at_reserved("elif")) {
    const uint32_t elif_begin = pos_;
    pos_ += 4;
    Node* elif_condition = parse_condition("then");
    expect_reserved("then");
    Node* elif_body = parse_nonempty_list("fi");
    Node* elif = make(NodeKind::Elif, elif_begin, elif_body->end);
    elif->kids = {elif_condition, elif_body};
    node->kids.push_back(elif);
  }
  if (at_reserved("else")) {
    const uint32_t else_begin = pos_;
    pos_ += 4;
    Node* else_body = parse_nonempty_list("fi");
    Node* otherwise = make(NodeKind::Else, else_begin, else_body->end);
    otherwise->kids.push_back(else_body);
    node->kids.push_back(otherwise);
  }
  expect_reserved("fi");
  node->end = pos_;
  return node;
}

// while/until: both keywords have five letters.
Node* Parser::parse_loop(NodeKind kind) {
  const uint32_t begin = pos_;
  pos_ += 5;
  Node* node = make(kind, begin, begin);
  Node* condition = parse_condition("do");
  node->kids = {condition, parse_do_group(false)};
  node->end = pos_;
  return node;
}

// `do list done`, or (for `for`/`select`) `{ list; }`, whose List holds the
// BraceGroup.
Node* Parser::parse_do_group(bool allow_braces) {
  skip_linebreaks();
  if (at_reserved("do")) {
    pos_ += 2;
    Node* body = parse_nonempty_list("done");
    expect_reserved("done");
    return body;
  }
  if (allow_braces && at_reserved("{")) {
    Node* group = parse_brace_group();
    Node* list = make(NodeKind::List, group->begin, group->end);
    list->kids.push_back(group);
    return list;
  }
  unexpected_expecting("do");
}

Node* Parser::parse_for(NodeKind kind) {
  const uint32_t begin = pos_;
  pos_ += kind == NodeKind::For ? 3 : 6;
  skip_blanks();
  if (kind == NodeKind::For && looking_at("((")) return parse_arith_for(begin);
  const uint32_t name_end = scan_name(pos_, dialect_ == Dialect::Ksh);
  if (name_end == pos_ || !is_delimiter_at(name_end)) unexpected();
  Node* node = make(kind, begin, begin);
  node->text = slice(pos_, name_end);
  pos_ = name_end;
  skip_linebreaks();
  if (at_reserved("in")) {
    pos_ += 2;
    node->flags |= kForHasIn;
    for (;;) {
      skip_space();
      if (at_end() || peek() == '\n' || peek() == ';') break;
      Node* item = parse_word(WordMode::Command);
      if (item == nullptr) unexpected();
      node->kids.push_back(item);
    }
  }
  if (peek() == ';' && !at_end()) ++pos_;
  node->kids.push_back(parse_do_group(true));
  node->end = pos_;
  return node;
}

Node* Parser::parse_arith_for(uint32_t begin) {
  pos_ += 2;
  DepthGuard depth(*this, begin);
  Node* node = make(NodeKind::ArithFor, begin, begin);
  for (std::string_view terminator : {";", ";", "))"}) {
    node->kids.push_back(parse_arith_until(terminator));
    expect_arith(terminator);
  }
  skip_blanks();
  if (peek() == ';' && !at_end()) ++pos_;
  node->kids.push_back(parse_do_group(true));
  node->end = pos_;
  return node;
}

Node* Parser::parse_case() {
  const uint32_t begin = pos_;
  pos_ += 4;
  skip_blanks();
  Node* subject = parse_word(WordMode::Command);
  if (subject == nullptr) unexpected();
  Node* node = make(NodeKind::Case, begin, begin);
  node->kids.push_back(subject);
  // ksh93 and mksh still read the obsolete `case word { pattern) ...;; }`
  skip_linebreaks();
  std::string_view closer = ksh_like() && at_reserved("{") ? "}" : "esac";
  expect_reserved(closer == "}" ? "{" : "in");
  for (;;) {
    skip_linebreaks();
    if (at_reserved(closer)) break;
    if (at_end()) unexpected_expecting(closer);
    Node* item = parse_case_item();
    node->kids.push_back(item);
    if (item->text.empty()) {
      expect_reserved(closer);
      node->end = pos_;
      return node;
    }
  }
  pos_ += static_cast<uint32_t>(closer.size());
  node->end = pos_;
  return node;
}

Node* Parser::parse_case_item() {
  Node* item = make(NodeKind::CaseItem, pos_, pos_);
  if (peek() == '(') {
    ++pos_;
    skip_blanks();
  }
  for (;;) {
    Node* pattern = parse_word(WordMode::Command);
    if (pattern == nullptr) unexpected();
    item->kids.push_back(pattern);
    skip_blanks();
    if (at_end()) unexpected_expecting(")");
    if (peek() == '|') {
      ++pos_;
      skip_blanks();
      continue;
    }
    if (peek() != ')') unexpected_expecting(")");
    ++pos_;
    break;
  }
  Node* body = parse_list();
  item->kids.push_back(body);
  item->end = body->end;
  for (std::string_view terminator : {";;&", ";;", ";&", ";|"}) {
    if (looking_at(terminator) && ends_case_item(terminator)) {
      item->text = slice(pos_, pos_ + static_cast<uint32_t>(terminator.size()));
      pos_ += static_cast<uint32_t>(terminator.size());
      item->end = pos_;
      break;
    }
  }
  return item;
}

// `;;` ends a case item everywhere; `;&` falls through to the next body
// (not in dash); bash's `;;&` and mksh's `;|` go on testing the patterns.
// (ksh93 has no `;;&`, but the bundled interpreter runs bash scripts too.)
bool Parser::ends_case_item(std::string_view terminator) const {
  if (terminator == ";;&") return !posix_sh();
  if (terminator == ";|") return dialect_ == Dialect::Mksh;
  return terminator == ";;" || !posix_sh();
}

// Function names may hold more than identifier characters (`foo-bar`,
// `a::b`): anything up to a metacharacter, without quotes or expansions.
uint32_t Parser::scan_function_name() const {
  uint32_t p = pos_;
  while (p < end_) {
    char c = src_[p];
    if (is_metachar(c) || c == '\'' || c == '"' || c == '`' || c == '$' || c == '\\' || c == '=' || c == '\r') break;
    ++p;
  }
  return p;
}

// ksh93 `namespace name { list; }`, whose variables and functions are named
// `.name.x`. The tree has no namespace node yet: an Error node (text the
// name, kid the BraceGroup), which the linter leaves alone and the
// interpreter refuses to run.
Node* Parser::parse_namespace() {
  const uint32_t begin = pos_;
  pos_ += 9;
  skip_blanks();
  uint32_t name_end = pos_;
  while (!is_delimiter_at(name_end)) ++name_end;
  if (name_end == pos_) unexpected();
  Node* node = make(NodeKind::Error, begin, begin);
  node->text = slice(pos_, name_end);
  pos_ = name_end;
  skip_linebreaks();
  if (!at_reserved("{")) unexpected();
  Node* body = parse_brace_group();
  node->kids.push_back(body);
  node->end = body->end;
  return node;
}

bool Parser::function_definition_ahead() const {
  uint32_t p = scan_function_name();
  if (p == pos_) return false;
  while (p < end_ && is_blank(src_[p])) ++p;
  if (p >= end_ || src_[p] != '(') return false;
  ++p;
  while (p < end_ && is_blank(src_[p])) ++p;
  return p < end_ && src_[p] == ')';
}

Node* Parser::parse_function_definition() {
  const uint32_t begin = pos_;
  const uint32_t name_end = scan_function_name();
  Node* node = make(NodeKind::FunctionDef, begin, begin);
  node->text = slice(begin, name_end);
  pos_ = name_end;
  skip_blanks();
  ++pos_;  // (
  skip_blanks();
  ++pos_;  // )
  skip_linebreaks();
  Node* body = parse_function_body(true);
  node->kids.push_back(body);
  node->end = body->end;
  return node;
}

Node* Parser::parse_function_keyword() {
  const uint32_t begin = pos_;
  pos_ += 8;
  skip_blanks();
  const uint32_t name_end = scan_function_name();
  if (name_end == pos_) unexpected();
  Node* node = make(NodeKind::FunctionDef, begin, begin);
  node->flags = kKshFunction;
  node->text = slice(pos_, name_end);
  pos_ = name_end;
  skip_blanks();
  if (peek() == '(' && !at_end()) {
    ++pos_;
    skip_blanks();
    if (at_end() || peek() != ')') unexpected_expecting(")");
    ++pos_;
  } else if (dialect_ == Dialect::Ksh) {
    skip_function_parameters();
  }
  skip_linebreaks();
  Node* body = parse_function_body(false);
  node->kids.push_back(body);
  node->end = body->end;
  return node;
}

// ksh93 names the arguments of a math function after its name
// (`function .sh.math.max x y { ... }`). The tree has no node for the names:
// the FunctionDef's span covers them.
void Parser::skip_function_parameters() {
  bool first = true;
  for (skip_space(); !at_end() && !at_newline() && !at_reserved("{"); skip_space()) {
    const uint32_t name_end = scan_name(pos_);
    bool reserved = first && !reserved_word().empty();
    if (name_end == pos_ || reserved || !is_delimiter_at(name_end)) unexpected();
    pos_ = name_end;
    first = false;
  }
}

// ksh93, mksh and dash also take a simple command as the body of `f()` (`f() print hi`),
// though not after the `function` keyword.
Node* Parser::parse_function_body(bool posix_style) {
  if (at_end()) unexpected_expecting("{");
  std::string_view keyword = reserved_word();
  bool compound = peek() == '(' || keyword == "{" || keyword == "if" || keyword == "while" || keyword == "until" ||
                  keyword == "for" || keyword == "select" || keyword == "case" || keyword == "[[";
  if (!compound && !(posix_style && dialect_ != Dialect::Bash && keyword.empty())) unexpected();
  return parse_command();
}

}  // namespace forklift::exact
