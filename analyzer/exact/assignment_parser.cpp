// Assignments (`name=value`, `name+=value`, `name[sub]=value`), array and
// compound literals, and subscripts.
#include <algorithm>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift::exact {

// A name, with ksh's compound members (`a.b.c`) when `dotted`.
uint32_t Parser::scan_name(uint32_t at, bool dotted) const {
  // ksh names may start with a dot: `.sh.value=x`.
  bool leading_dot = dotted && at + 1 < end_ && src_[at] == '.' && is_name_start(src_[at + 1]);
  if (at >= end_ || !(is_name_start(src_[at]) || leading_dot)) return at;
  uint32_t p = at + 1;
  while (p < end_ && (is_name_char(src_[p]) || (dotted && src_[p] == '.' && p + 1 < end_ && is_name_start(src_[p + 1])))) {
    ++p;
  }
  return p;
}

// The `]` closing the `[` at `open`, or 0 when it does not close on this line.
uint32_t Parser::matching_bracket(uint32_t open) const {
  int depth = 0;
  for (uint32_t p = open; p < end_; ++p) {
    switch (src_[p]) {
      case '[': ++depth; break;
      case ']':
        if (--depth == 0) return p;
        break;
      case '\\': ++p; break;
      case '\'': case '"': {
        char quote = src_[p];
        for (++p; p < end_ && src_[p] != quote; ++p) {
          if (quote == '"' && src_[p] == '\\') ++p;
        }
        break;
      }
      case '\n': return 0;
      default: break;
    }
  }
  return 0;
}

// ksh `a[1].x`: the members after an element of an array of compound
// variables; returns `at` when none follows.
uint32_t Parser::scan_element_members(uint32_t at) const {
  if (dialect_ != Dialect::Ksh || at + 1 >= end_ || src_[at] != '.' || !is_name_start(src_[at + 1])) return at;
  return scan_name(at + 1, true);
}

bool Parser::assignment_ahead() const {
  uint32_t p = scan_name(pos_, dialect_ == Dialect::Ksh);
  if (p == pos_ || p >= end_) return false;
  if (src_[p] == '[') {
    p = scan_subscripts_and_members(p);
    if (p == 0) return false;
  }
  if (p < end_ && src_[p] == '=') return true;
  return p + 1 < end_ && src_[p] == '+' && src_[p + 1] == '=';
}

// `a[1].x=v` keeps the whole `a[1].x` as its name, with the Subscript of
// `[1]` as usual.
Node* Parser::parse_assignment() {
  const uint32_t begin = pos_;
  const uint32_t name_end = scan_name(pos_, dialect_ == Dialect::Ksh);
  Node* node = make(NodeKind::Assignment, begin, begin);
  node->text = slice(begin, name_end);
  pos_ = name_end;
  if (peek() == '[') parse_subscripts_and_members(node, begin);
  const uint32_t op_begin = pos_;
  pos_ += peek() == '+' ? 2 : 1;
  node->op = slice(op_begin, pos_);
  node->end = pos_;
  Node* value = (peek() == '(' && !at_end()) ? parse_array_literal() : parse_word(WordMode::Command);
  if (value == nullptr && dialect_ == Dialect::Ksh && is_blank(peek())) {
    // ksh93 reads `x= (a b)` as `x=(a b)`.
    uint32_t p = pos_;
    while (p < end_ && is_blank(src_[p])) ++p;
    if (p < end_ && src_[p] == '(') {
      pos_ = p;
      value = parse_array_literal();
    }
  }
  if (value != nullptr) {
    node->kids.push_back(value);
    node->end = value->end;
  }
  return node;
}

bool Parser::keyed_element_ahead() const {
  uint32_t close = matching_bracket(pos_);
  if (close == 0 || close + 1 >= end_) return false;
  return src_[close + 1] == '=' || (src_[close + 1] == '+' && close + 2 < end_ && src_[close + 2] == '=');
}

// Whether every element of `array` so far (maybe none) is `[k]=v`.
bool Parser::keyed_so_far(const Node* array) {
  return std::all_of(array->kids.begin(), array->kids.end(),
                     [](const Node* kid) { return kid->kind == NodeKind::KeyedElement; });
}

// `(a b [k]=v)`; in ksh also compound values `(x=1 y=(...))`.
Node* Parser::parse_array_literal() {
  const uint32_t begin = pos_++;
  DepthGuard depth(*this, begin);
  Node* array = make(NodeKind::ArrayLiteral, begin, begin);
  for (;;) {
    skip_linebreaks();
    if (at_end()) unexpected_expecting(")");
    if (peek() == ')') {
      ++pos_;
      break;
    }
    Node* element = nullptr;
    if (dialect_ == Dialect::Ksh && peek() == '[' && matching_bracket(pos_) == 0 && keyed_so_far(array)) {
      // ksh reads a `[` that begins a keyed list, or goes on with one, as a
      // subscript: `x=([x]=1 [y)` fails at the `)` it runs into.
      while (!at_end() && peek() != ')' && peek() != '\n') ++pos_;
      unexpected();
    }
    if (peek() == '[' && keyed_element_ahead()) {
      element = make(NodeKind::KeyedElement, pos_, pos_);
      element->kids.push_back(parse_subscript());
      pos_ += peek() == '+' ? 2 : 1;
      element->end = pos_;
      if (dialect_ == Dialect::Ksh && peek() == '(') {
        Node* value = parse_array_literal();  // ksh `[k]=(x=1)`: a compound element
        element->kids.push_back(value);
        element->end = value->end;
      } else if (Node* value = parse_word(WordMode::Command)) {
        element->kids.push_back(value);
        element->end = value->end;
      }
    } else if (dialect_ == Dialect::Ksh && assignment_ahead()) {
      element = parse_assignment();
    } else if (dialect_ == Dialect::Ksh && declaration_ahead()) {
      element = parse_simple_command();  // `(typeset -i n=1; ...)`: a typed member
    } else if (dialect_ == Dialect::Ksh && at_reserved("function")) {
      element = parse_function_keyword();  // a method of a `typeset -T` type
    } else if (dialect_ == Dialect::Ksh && function_definition_ahead()) {
      element = parse_function_definition();
    } else if (dialect_ == Dialect::Ksh && peek() == '(') {
      element = parse_array_literal();  // `((x=1) (x=2))`: an array of compound variables
    } else {
      element = parse_word(WordMode::Command);
      if (element == nullptr) unexpected();
    }
    array->kids.push_back(element);
    // Members of a ksh compound value may end with `;`.
    bool member = element->kind == NodeKind::Assignment || element->kind == NodeKind::Declaration ||
                  element->kind == NodeKind::FunctionDef || (dialect_ == Dialect::Ksh && element->kind == NodeKind::KeyedElement);
    if (member) {
      skip_blanks();
      if (peek() == ';' && !at_end()) ++pos_;
    }
  }
  array->end = pos_;
  return array;
}

bool Parser::declaration_ahead() const {
  uint32_t p = scan_name(pos_);
  if (p == pos_ || p >= end_ || (src_[p] != ' ' && src_[p] != '\t')) return false;
  static constexpr std::string_view kDeclarations[] = {"typeset", "integer", "float", "nameref", "compound"};
  std::string_view name = slice(pos_, p);
  for (std::string_view declaration : kDeclarations) {
    if (name == declaration) return true;
  }
  return std::find(type_names_.begin(), type_names_.end(), name) != type_names_.end();
}

// `[i]`, and in ksh `[i][j]...` of a multidimensional array: one Subscript
// kid each.
void Parser::parse_subscripts(Node* node) {
  do {
    node->kids.push_back(parse_subscript());
  } while (dialect_ == Dialect::Ksh && peek() == '[' && !at_end());
}

// The subscripts after a name and, in ksh, the members of a compound element
// with their own subscripts (`a[1].x.y[2]`): the node's text (which starts at
// `name_begin`) then spans all but the last subscripts.
void Parser::parse_subscripts_and_members(Node* node, uint32_t name_begin) {
  parse_subscripts(node);
  for (;;) {
    uint32_t members_end = scan_element_members(pos_);
    if (members_end == pos_) return;
    node->text = slice(name_begin, members_end);
    pos_ = members_end;
    if (at_end() || peek() != '[') return;
    parse_subscripts(node);
  }
}

// Where what parse_subscripts_and_members reads from the `[` at `at` ends, or
// 0 when a bracket does not close on its line.
uint32_t Parser::scan_subscripts_and_members(uint32_t at) const {
  uint32_t p = at;
  for (;;) {
    do {
      p = matching_bracket(p);
      if (p == 0) return 0;
      ++p;
    } while (dialect_ == Dialect::Ksh && p < end_ && src_[p] == '[');
    uint32_t members_end = scan_element_members(p);
    if (members_end == p || members_end >= end_ || src_[members_end] != '[') return members_end;
    p = members_end;
  }
}

Node* Parser::parse_subscript() {
  const uint32_t begin = pos_++;
  Node* content = parse_word_until(WordMode::Subscript);
  if (at_end()) fail(begin, "syntax error: `[' unmatched");
  ++pos_;
  Node* node = make(NodeKind::Subscript, begin, pos_);
  node->kids.push_back(content);
  return node;
}

}  // namespace forklift::exact
