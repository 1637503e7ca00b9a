// Lists, and-or chains, pipelines and simple commands.
#include <algorithm>
#include <array>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

Node* Parser::parse_program() {
  Node* program = make(NodeKind::Program, 0, end_);
  parse_statements(program->kids);
  skip_linebreaks();
  if (!at_end()) unexpected();
  if (!pending_.empty()) read_pending_here_documents();
  return program;
}

// An empty list is a zero-width List where the next token starts.
Node* Parser::parse_list() {
  skip_linebreaks();
  Node* list = make(NodeKind::List, pos_, pos_);
  parse_statements(list->kids);
  if (!list->kids.empty()) {
    list->begin = list->kids.front()->begin;
    list->end = list->kids.back()->end;
  }
  return list;
}

Node* Parser::parse_nonempty_list(std::string_view expecting) {
  Node* list = parse_list();
  if (list->kids.empty()) {
    if (at_end()) unexpected_expecting(expecting);
    unexpected();
  }
  return list;
}

Node* Parser::parse_condition(std::string_view expecting) {
  in_condition_ = true;
  return parse_nonempty_list(expecting);
}

// ksh93 takes a `;` before a command (`; cmd`, `a & ; b`), except where a
// condition of `if`, `while` or `until` starts: it marks a command that
// `set -o showme` traces. It is not a command of its own.
bool Parser::skip_showme_prefix(bool allowed) {
  if (!allowed || dialect_ != Dialect::Ksh || peek() != ';' || at_list_terminator()) return false;
  ++pos_;
  skip_space();
  if (peek() == ';' && !at_end()) unexpected();
  return true;
}

void Parser::parse_statements(std::vector<Node*>& out) {
  const bool showme_allowed = !in_condition_;
  in_condition_ = false;
  for (;;) {
    skip_linebreaks();
    if (at_list_terminator()) return;
    if (skip_showme_prefix(showme_allowed) && (at_newline() || at_list_terminator())) continue;
    Node* statement = parse_and_or();
    skip_space();
    const char c = peek();
    if (at_end()) {
      out.push_back(statement);
      return;
    }
    if (c == '&' && peek(1) != '&') {
      ++pos_;
      Node* background = make(NodeKind::Background, statement->begin, pos_);
      background->kids.push_back(statement);
      statement = background;
    } else if (c == '|' && peek(1) == '&' && ksh_like()) {
      pos_ += 2;
      Node* coprocess = make(NodeKind::Coprocess, statement->begin, pos_);
      coprocess->kids.push_back(statement);
      statement = coprocess;
    } else if (c == ';' && !at_list_terminator()) {
      ++pos_;
    } else if (c != '\n' && !at_list_terminator()) {
      unexpected();
    }
    out.push_back(statement);
  }
}

Node* Parser::parse_and_or() {
  Node* left = parse_pipeline_statement();
  for (;;) {
    skip_blanks();
    NodeKind kind;
    if (looking_at("&&")) {
      kind = NodeKind::AndIf;
    } else if (looking_at("||")) {
      kind = NodeKind::OrIf;
    } else {
      return left;
    }
    pos_ += 2;
    skip_linebreaks();
    skip_showme_prefix(true);
    Node* right = parse_pipeline_statement();
    Node* node = make(kind, left->begin, right->end);
    node->kids = {left, right};
    left = node;
  }
}

Node* Parser::parse_pipeline_statement() {
  const uint32_t begin = pos_;
  if (at_reserved("!")) {
    DepthGuard depth(*this, begin);
    ++pos_;
    skip_blanks();
    Node* inner = parse_pipeline_statement();
    Node* node = make(NodeKind::Negated, begin, inner->end);
    node->kids.push_back(inner);
    return node;
  }
  if (!posix_sh() && at_reserved("time")) {
    DepthGuard depth(*this, begin);
    pos_ += 4;
    Node* node = make(NodeKind::Time, begin, pos_);
    node->text = slice(begin, pos_);
    skip_blanks();
    if (at_reserved("-p")) {
      pos_ += 2;
      node->end = pos_;
      skip_blanks();
    }
    char c = peek();
    bool bare = at_end() || c == '\n' || c == ';' || c == '&' || c == '#' || c == '|' || at_list_terminator();
    if (!bare) {
      Node* inner = parse_pipeline_statement();
      node->kids.push_back(inner);
      node->end = inner->end;
    }
    return node;
  }
  return parse_pipeline();
}

Node* Parser::parse_pipeline() {
  Node* first = parse_command();
  skip_blanks();
  auto at_link = [&] {
    if (at_end() || peek() != '|' || peek(1) == '|') return false;
    return !(peek(1) == '&' && ksh_like());
  };
  if (!at_link()) return first;
  Node* pipeline = make(NodeKind::Pipeline, first->begin, first->end);
  pipeline->kids.push_back(first);
  while (at_link()) {
    if (peek(1) == '&') {
      size_t link = pipeline->kids.size() - 1;
      if (link < 32) pipeline->flags |= kPipeStderrLink << link;
      pos_ += 2;
    } else {
      ++pos_;
    }
    skip_linebreaks();
    Node* next = parse_command();
    pipeline->kids.push_back(next);
    pipeline->end = next->end;
    skip_blanks();
  }
  return pipeline;
}

Node* Parser::parse_command() {
  DepthGuard depth(*this, pos_);
  if (at_end()) unexpected();
  if (peek() == '(') {
    return with_redirects(peek(1) == '(' ? parse_arith_command_or_subshell() : parse_subshell());
  }
  std::string_view keyword = reserved_word();
  if (!keyword.empty()) {
    if (Node* compound = parse_compound_command(keyword)) return compound;
  }
  if (dialect_ == Dialect::Ksh && at_reserved("namespace")) return with_redirects(parse_namespace());
  if (function_definition_ahead()) return parse_function_definition();
  if (dialect_ == Dialect::Ksh && label_ahead()) return parse_labeled();
  return parse_simple_command();
}

Node* Parser::parse_simple_command() {
  Node* command = make(NodeKind::SimpleCommand, pos_, pos_);
  std::vector<Node*>& kids = command->kids;
  kids.reserve(4);
  const Node* name = nullptr;
  bool declaration = false;
  for (;;) {
    skip_blanks();
    if (at_end()) break;
    if (peek() == '#') {
      skip_comment();
      break;
    }
    if (redirect_ahead()) {
      kids.push_back(parse_redirect());
      continue;
    }
    if ((name == nullptr || declaration) && assignment_ahead()) {
      kids.push_back(parse_assignment());
      continue;
    }
    if (closer_ == '}' && peek() == '}') break;
    if (aliases_ != nullptr) check_alias(name == nullptr);
    Node* word = parse_word(WordMode::Command);
    if (word == nullptr) break;
    if (name == nullptr) {
      name = word;
      declaration = is_declaration_name(word);
    }
    kids.push_back(word);
  }
  if (kids.empty()) unexpected();
  command->begin = kids.front()->begin;
  command->end = kids.back()->end;
  if (declaration) {
    command->kind = NodeKind::Declaration;
    command->text = name->kids.front()->text;
    if (dialect_ == Dialect::Ksh) note_type_definition(command);
  }
  return command;
}

// ksh93 adds `enum`, `compound` and the types that `typeset -T` and `enum`
// define: their arguments are assignments too (`Pt_t p=(x=1)`).
// ksh93 reads a name and a colon followed by a blank or an operator, where a
// command starts, as a label (`outer: for ...; do break outer; done`). The
// tree has no label node yet: the labelled command is the one kid of an Error
// node spanning the label, which the linter leaves alone and the interpreter
// refuses to run.
bool Parser::label_ahead() const {
  uint32_t colon = scan_name(pos_);
  return colon != pos_ && colon + 1 < end_ && src_[colon] == ':' && is_metachar(src_[colon + 1]);
}

Node* Parser::parse_labeled() {
  const uint32_t begin = pos_;
  const uint32_t colon = scan_name(pos_);
  Node* node = make(NodeKind::Error, begin, begin);
  pos_ = colon + 1;
  skip_linebreaks();
  Node* command = parse_command();
  node->kids.push_back(command);
  node->end = command->end;
  return node;
}

bool Parser::is_declaration_name(const Node* word) const {
  static constexpr std::array<std::string_view, 8> kDeclarations = {
      "typeset", "declare", "local", "export", "readonly", "integer", "float", "nameref"};
  if (word->kids.size() != 1 || word->kids.front()->kind != NodeKind::Literal) return false;
  std::string_view text = word->kids.front()->text;
  for (std::string_view name : kDeclarations) {
    if (text == name) return true;
  }
  if (dialect_ != Dialect::Ksh) return false;
  if (text == "enum" || text == "compound") return true;
  return std::find(type_names_.begin(), type_names_.end(), text) != type_names_.end();
}

// `typeset -T Name=(...)` and `enum Name=(...)` make `Name` a declaration
// command from here on, as ksh93 does when it runs them.
void Parser::note_type_definition(const Node* declaration) {
  bool defines_type = declaration->text == "enum";
  bool after_name = false;  // prefix assignments (`a=1 enum ...`) come first
  for (const Node* kid : declaration->kids) {
    if (kid->kind == NodeKind::Word) {
      if (after_name && kid->kids.size() == 1 && kid->kids.front()->kind == NodeKind::Literal) {
        std::string_view option = kid->kids.front()->text;
        if (option.size() > 1 && option[0] == '-' && option.find('T') != std::string_view::npos) defines_type = true;
      }
      after_name = true;
    } else if (kid->kind == NodeKind::Assignment && after_name && defines_type) {
      type_names_.emplace_back(kid->text);
    }
  }
}

}  // namespace forklift::exact
