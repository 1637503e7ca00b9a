// Here-document bodies: queued by `<<`, `<<-` and ksh93's `<<#`, read after the newline that
// ends the command line, several in order.
#include <cstring>

#include <fmt/format.h>

#include "analyzer/exact/parser.h"
#include "analyzer/lex/here_doc_indent.h"

namespace forklift::exact {
namespace {

// The delimiter as the shell compares it: quotes and backslashes removed.
std::string cooked_delimiter(std::string_view source, const Node* word, bool& quoted) {
  std::string delimiter;
  auto append_unescaped = [&](std::string_view text, std::string_view escapable) {
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\\' && i + 1 < text.size() && (escapable.empty() || escapable.find(text[i + 1]) != std::string_view::npos)) {
        quoted = true;
        ++i;
      }
      delimiter += text[i];
    }
  };
  for (const Node* part : word->kids) {
    std::string_view raw = source.substr(part->begin, part->end - part->begin);
    switch (part->kind) {
      case NodeKind::Literal:
        append_unescaped(raw, {});
        break;
      case NodeKind::SingleQuoted:
        quoted = true;
        delimiter.append(raw.substr(1, raw.size() - 2));
        break;
      case NodeKind::AnsiCQuoted:
        quoted = true;
        delimiter.append(raw.substr(2, raw.size() - 3));
        break;
      case NodeKind::DoubleQuoted:
        quoted = true;
        append_unescaped(raw.substr(1, raw.size() - 2), "\\\"$`");
        break;
      case NodeKind::LocaleQuoted:
        quoted = true;
        append_unescaped(raw.substr(2, raw.size() - 3), "\\\"$`");
        break;
      default:  // an expansion is compared by its raw text
        delimiter.append(raw);
        break;
    }
  }
  return delimiter;
}

}  // namespace

void Parser::queue_here_document(Node* redirect, const Node* delimiter) {
  bool quoted = false;
  std::string cooked = cooked_delimiter(src_, delimiter, quoted);
  if (quoted) redirect->flags |= kQuotedHereDoc;
  pending_.push_back({redirect, std::move(cooked), quoted});
}

void Parser::read_pending_here_documents() {
  std::vector<PendingHereDoc> documents;
  documents.swap(pending_);
  for (const PendingHereDoc& document : documents) read_here_document(document);
}

void Parser::parse_standalone_here_document_body(uint32_t begin, uint32_t end, std::vector<Node*>& parts) {
  pos_ = begin;
  end_ = end;
  in_double_quotes_ = false;
  parse_word_parts(WordMode::HereDoc, parts);
}

void Parser::read_here_document(const PendingHereDoc& document) {
  const uint32_t body_begin = pos_;
  uint32_t body_end = end_;
  uint32_t line = pos_;
  uint32_t after = end_;
  bool found = false;
  const bool strip_tabs = (document.redirect->flags & kHereDocStripTabs) != 0;
  const bool strip_indent = (document.redirect->flags & kHereDocStripIndent) != 0;
  uint32_t indent = 0;  // of `<<#`: the first line's
  if (strip_indent) {
    const void* newline = memchr(src_.data() + line, '\n', end_ - line);
    indent = indent_columns(slice(line, newline != nullptr ? static_cast<uint32_t>(static_cast<const char*>(newline) - src_.data()) : end_));
  }
  while (line < end_) {
    const void* newline = memchr(src_.data() + line, '\n', end_ - line);
    uint32_t line_end = newline != nullptr ? static_cast<uint32_t>(static_cast<const char*>(newline) - src_.data()) : end_;
    uint32_t next_line = newline != nullptr ? line_end + 1 : end_;
    uint32_t text_begin = line;
    uint32_t text_end = line_end;
    if (text_end > text_begin && src_[text_end - 1] == '\r') --text_end;
    if (strip_tabs) {
      while (text_begin < text_end && src_[text_begin] == '\t') ++text_begin;
    }
    if (strip_indent) text_begin += static_cast<uint32_t>(indent_bytes(slice(text_begin, text_end), indent));
    std::string_view text = slice(text_begin, text_end);
    if (text == document.delimiter) {
      body_end = line;
      after = next_line;
      found = true;
      break;
    }
    // `$(cat <<EOF ... EOF)`: ksh, bash and mksh end the body at the `)`;
    // ksh93 and mksh also where no substitution is open (`( cat <<EOF ... EOF)`).
    bool paren_ends = closer_ == ')' ? !posix_sh() : ksh_like();
    if (paren_ends && text.size() > document.delimiter.size() &&
        text.substr(0, document.delimiter.size()) == document.delimiter && text[document.delimiter.size()] == ')') {
      body_end = line;
      after = text_begin + static_cast<uint32_t>(document.delimiter.size());
      found = true;
      break;
    }
    line = next_line;
  }
  if (!found) {
    warnings_.push_back({document.redirect->begin,
                         fmt::format("here-document delimited by end-of-file (wanted `{}')", document.delimiter)});
  }
  Node* body = make(NodeKind::HereDocBody, body_begin, body_end);
  if (!document.quoted) {
    const uint32_t saved_end = end_;
    const bool saved_quotes = in_double_quotes_;
    parse_standalone_here_document_body(body_begin, body_end, body->kids);
    end_ = saved_end;
    in_double_quotes_ = saved_quotes;
  }
  pos_ = after;
  document.redirect->kids.push_back(body);
}

}  // namespace forklift::exact
