#include "analyzer/ast.h"

#include <algorithm>

namespace forklift {

std::string_view kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Program: return "Program";
    case NodeKind::List: return "List";
    case NodeKind::AndIf: return "AndIf";
    case NodeKind::OrIf: return "OrIf";
    case NodeKind::Background: return "Background";
    case NodeKind::Coprocess: return "Coprocess";
    case NodeKind::Pipeline: return "Pipeline";
    case NodeKind::Negated: return "Negated";
    case NodeKind::Time: return "Time";
    case NodeKind::SimpleCommand: return "SimpleCommand";
    case NodeKind::Declaration: return "Declaration";
    case NodeKind::Assignment: return "Assignment";
    case NodeKind::ArrayLiteral: return "ArrayLiteral";
    case NodeKind::KeyedElement: return "KeyedElement";
    case NodeKind::Subscript: return "Subscript";
    case NodeKind::Redirect: return "Redirect";
    case NodeKind::IoNumber: return "IoNumber";
    case NodeKind::HereDocBody: return "HereDocBody";
    case NodeKind::Subshell: return "Subshell";
    case NodeKind::BraceGroup: return "BraceGroup";
    case NodeKind::If: return "If";
    case NodeKind::Elif: return "Elif";
    case NodeKind::Else: return "Else";
    case NodeKind::While: return "While";
    case NodeKind::Until: return "Until";
    case NodeKind::For: return "For";
    case NodeKind::Select: return "Select";
    case NodeKind::ArithFor: return "ArithFor";
    case NodeKind::Case: return "Case";
    case NodeKind::CaseItem: return "CaseItem";
    case NodeKind::FunctionDef: return "FunctionDef";
    case NodeKind::Redirected: return "Redirected";
    case NodeKind::TestCommand: return "TestCommand";
    case NodeKind::ArithCommand: return "ArithCommand";
    case NodeKind::TestBinary: return "TestBinary";
    case NodeKind::TestUnary: return "TestUnary";
    case NodeKind::TestGroup: return "TestGroup";
    case NodeKind::Word: return "Word";
    case NodeKind::Literal: return "Literal";
    case NodeKind::SingleQuoted: return "SingleQuoted";
    case NodeKind::DoubleQuoted: return "DoubleQuoted";
    case NodeKind::AnsiCQuoted: return "AnsiCQuoted";
    case NodeKind::LocaleQuoted: return "LocaleQuoted";
    case NodeKind::ParamExp: return "ParamExp";
    case NodeKind::CommandSub: return "CommandSub";
    case NodeKind::BraceSub: return "BraceSub";
    case NodeKind::Backtick: return "Backtick";
    case NodeKind::ArithExp: return "ArithExp";
    case NodeKind::ArithBracket: return "ArithBracket";
    case NodeKind::ProcessSub: return "ProcessSub";
    case NodeKind::ArithNumber: return "ArithNumber";
    case NodeKind::ArithVariable: return "ArithVariable";
    case NodeKind::ArithBinary: return "ArithBinary";
    case NodeKind::ArithUnary: return "ArithUnary";
    case NodeKind::ArithPreIncr: return "ArithPreIncr";
    case NodeKind::ArithPostIncr: return "ArithPostIncr";
    case NodeKind::ArithAssign: return "ArithAssign";
    case NodeKind::ArithTernary: return "ArithTernary";
    case NodeKind::ArithGroup: return "ArithGroup";
    case NodeKind::ArithCall: return "ArithCall";
    case NodeKind::ArithWord: return "ArithWord";
    case NodeKind::Empty: return "Empty";
    case NodeKind::Error: return "Error";
  }
  return "?";
}

namespace {

bool is_extglob_opener(std::string_view text, size_t i) {
  return i + 1 < text.size() && text[i + 1] == '(' && std::string_view("?*+@!").find(text[i]) != std::string_view::npos;
}

// A `{` that opens a brace expansion: has a `,` or `..` before its matching `}`.
bool opens_brace_expansion(std::string_view text, size_t i) {
  int depth = 0;
  bool separator = false;
  for (size_t k = i; k < text.size(); ++k) {
    char c = text[k];
    if (c == '\\') {
      ++k;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth == 0) return separator;
    } else if (depth == 1 && (c == ',' || (c == '.' && k + 1 < text.size() && text[k + 1] == '.'))) {
      separator = true;
    }
  }
  return false;
}

uint32_t literal_flags(std::string_view text, bool word_start) {
  uint32_t flags = 0;
  if (word_start && !text.empty() && text[0] == '~') flags |= kWordHasTilde;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      ++i;
    } else if (is_extglob_opener(text, i)) {
      flags |= kWordHasExtGlob | kWordHasGlob;
    } else if (c == '*' || c == '?' || c == '[') {
      flags |= kWordHasGlob;
    } else if (c == '{' && opens_brace_expansion(text, i)) {
      flags |= kWordHasBrace;
    }
  }
  return flags;
}

}  // namespace

void classify_word(Node& word, std::string_view source) {
  // Merged in place: this runs for every word of every parse.
  std::vector<Node*>& parts = word.kids;
  size_t kept = 0;
  for (Node* part : parts) {
    Node* last = kept > 0 ? parts[kept - 1] : nullptr;
    if (last != nullptr && part->kind == NodeKind::Literal && last->kind == NodeKind::Literal && last->end == part->begin) {
      last->end = part->end;
      last->text = source.substr(last->begin, last->end - last->begin);
      continue;
    }
    parts[kept++] = part;
  }
  parts.resize(kept);
  word.flags = 0;
  for (size_t i = 0; i < word.kids.size(); ++i) {
    if (word.kids[i]->kind == NodeKind::Literal) word.flags |= literal_flags(word.kids[i]->text, i == 0);
  }
}

}  // namespace forklift
