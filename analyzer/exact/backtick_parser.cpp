// Backquoted command substitution.
//
// The body of `...` is parsed after removing the backslashes that quote `$`,
// a backquote or a backslash (and `"` when the backquotes are inside double
// quotes). When there are none, the list is parsed in place. Otherwise the
// unescaped text is parsed by a nested Parser and every span is mapped back:
// each byte of the unescaped text came from one escape sequence of the file
// (`\`` or a plain byte), these sequences tile the body, so offset k of the
// unescaped text maps to the file offset where sequence k starts (offset n,
// the end, maps to the closing backquote). A node's text is re-sliced from
// the file over its mapped span, so it keeps the original escapes.
#include <algorithm>
#include <vector>

#include "analyzer/exact/parser.h"
#include "analyzer/lex/backslash.h"

namespace forklift::exact {
namespace {

bool unescaped_in_backticks(char c, bool in_double_quotes) {
  return backslash_quotes(c, in_double_quotes ? BackslashContext::BacktickInDoubleQuotes : BackslashContext::Backtick);
}

// The escaped body and, for each of its bytes, where its escape sequence
// starts in the file (plus one entry for the end).
struct UnescapedBody {
  std::string text;
  std::vector<uint32_t> origin;
};

UnescapedBody unescape(std::string_view source, uint32_t begin, uint32_t end, bool in_double_quotes) {
  UnescapedBody body;
  body.text.reserve(end - begin);
  body.origin.reserve(end - begin + 1);
  for (uint32_t p = begin; p < end;) {
    body.origin.push_back(p);
    if (source[p] == '\\' && p + 1 < end && unescaped_in_backticks(source[p + 1], in_double_quotes)) {
      body.text += source[p + 1];
      p += 2;
    } else {
      body.text += source[p];
      ++p;
    }
  }
  body.origin.push_back(end);
  return body;
}

class SpanMapper {
 public:
  SpanMapper(const UnescapedBody& body, std::string_view file) : body_(body), file_(file) {}

  uint32_t offset(uint32_t unescaped) const { return body_.origin[unescaped]; }

  std::string_view text(std::string_view view) const {
    const char* base = body_.text.data();
    if (view.data() < base || view.data() > base + body_.text.size()) return view;  // a fixed spelling
    auto begin = static_cast<uint32_t>(view.data() - base);
    uint32_t from = offset(begin);
    return file_.substr(from, offset(begin + static_cast<uint32_t>(view.size())) - from);
  }

  // Single quotes in the body are marked: their file text keeps escapes
  // that the body they were parsed from had not.
  void remap_tree(Node* root, bool in_double_quotes) const {
    std::vector<Node*> stack{root};
    while (!stack.empty()) {
      Node* node = stack.back();
      stack.pop_back();
      uint32_t parsed_size = node->end - node->begin;
      node->begin = offset(node->begin);
      node->end = offset(node->end);
      if (!node->text.empty()) node->text = text(node->text);
      if (!node->op.empty()) node->op = text(node->op);
      if (node->is(NodeKind::SingleQuoted) && node->end - node->begin != parsed_size) {
        node->flags |= kInEscapedBacktick | (in_double_quotes ? kInEscapedBacktickInDoubleQuotes : kNoFlags);
      }
      stack.insert(stack.end(), node->kids.begin(), node->kids.end());
    }
  }

 private:
  const UnescapedBody& body_;
  std::string_view file_;
};

}  // namespace

Node* Parser::parse_backtick() {
  const uint32_t begin = pos_;
  const bool escapes_quotes = in_double_quotes_;
  DepthGuard depth(*this, begin);
  CommandContext context(*this);
  uint32_t close = begin + 1;
  bool escaped = false;
  for (;; ++close) {
    if (close >= end_) fail(begin, "syntax error: ``' unmatched");
    char c = src_[close];
    if (c == '`') break;
    if (c == '\\' && close + 1 < end_) {
      escaped = escaped || unescaped_in_backticks(src_[close + 1], escapes_quotes);
      ++close;
    }
  }
  Node* list = nullptr;
  if (!escaped) {
    list = parse_list_in_place(begin + 1, close);
  } else {
    UnescapedBody body = unescape(src_, begin + 1, close, escapes_quotes);
    SpanMapper mapper(body, src_);
    std::vector<Span> comments;
    std::vector<ParseError> warnings;
    Parser inner(ast_, body.text, dialect_, comments, warnings);
    inner.depth_ = depth_;
    inner.type_names_ = type_names_;
    try {
      list = inner.parse_embedded_list();
    } catch (SyntaxError& error) {
      error.offset = mapper.offset(std::min<uint32_t>(error.offset, static_cast<uint32_t>(body.text.size())));
      throw;
    }
    mapper.remap_tree(list, escapes_quotes);
    for (Span span : comments) comments_.push_back({mapper.offset(span.begin), mapper.offset(span.end)});
    for (ParseError& warning : warnings) {
      warnings_.push_back({mapper.offset(warning.offset), std::move(warning.message)});
    }
  }
  pos_ = close + 1;
  Node* node = make(NodeKind::Backtick, begin, pos_);
  if (escaped) node->flags = kInEscapedBacktick | (escapes_quotes ? kInEscapedBacktickInDoubleQuotes : kNoFlags);
  node->kids.push_back(list);
  return node;
}

Node* Parser::parse_list_in_place(uint32_t begin, uint32_t end) {
  uint32_t saved_end = end_;
  pos_ = begin;
  end_ = end;
  Node* list = parse_embedded_list();
  end_ = saved_end;
  return list;
}

Node* Parser::parse_embedded_list() {
  Node* list = parse_list();
  if (!at_end()) unexpected();
  if (!pending_.empty()) read_pending_here_documents();
  return list;
}

}  // namespace forklift::exact
