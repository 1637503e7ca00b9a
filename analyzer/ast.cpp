#include "analyzer/ast.h"

#include <algorithm>
#include <iterator>

#include "analyzer/lex/backslash.h"

namespace forklift {

// NodeKind (ast.h) lists the schema's kinds in the schema's order.
constexpr NodeKind kSchemaKinds[] = {
#define FORKLIFT_NODE(kind, ...) NodeKind::kind,
#include "analyzer/ast_schema.def"
};
constexpr bool enum_follows_schema() {
  for (size_t i = 0; i < std::size(kSchemaKinds); ++i) {
    if (static_cast<size_t>(kSchemaKinds[i]) != i) return false;
  }
  return static_cast<size_t>(NodeKind::Error) + 1 == std::size(kSchemaKinds);
}
static_assert(enum_follows_schema());

std::string_view kind_name(NodeKind kind) {
  switch (kind) {
#define FORKLIFT_NODE(name, ...) \
  case NodeKind::name:           \
    return #name;
#include "analyzer/ast_schema.def"
  }
  return "?";
}

namespace {

// `?(` `*(` `+(` `@(` `!(`, and ksh's `~(` (pattern options), `%(` (balanced pairs) and `{n,m}(`.
bool is_extglob_opener(std::string_view text, size_t i) {
  if (i + 1 >= text.size()) return false;
  if (text[i] == '{') {
    size_t close = text.find_first_not_of("0123456789,", i + 1);
    return close != std::string_view::npos && close > i + 1 && text[close] == '}' && close + 1 < text.size() &&
           text[close + 1] == '(';
  }
  return text[i + 1] == '(' && std::string_view("?*+@!~%").find(text[i]) != std::string_view::npos;
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
  for (const Node* part : parts) {
    if (part->kind == NodeKind::Literal) word.flags |= literal_flags(part->text, part == parts.front());
  }
}

std::string single_quoted_value(const Node& quoted, std::string_view slice) {
  std::string_view body = slice.size() >= 2 ? slice.substr(1, slice.size() - 2) : std::string_view();
  if ((quoted.flags & kInEscapedBacktick) == 0) return std::string(body);
  return unescaped(body, (quoted.flags & kInEscapedBacktickInDoubleQuotes) != 0 ? BackslashContext::BacktickInDoubleQuotes
                                                                                : BackslashContext::Backtick);
}

}  // namespace forklift
