#include "rules/suppression.h"

#include <algorithm>
#include <cctype>

namespace forklift {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string_view next_word(std::string_view& rest) {
  rest = trim(rest);
  size_t end = 0;
  while (end < rest.size() && !is_blank(rest[end])) ++end;
  std::string_view word = rest.substr(0, end);
  rest.remove_prefix(end);
  return word;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

void split_codes(std::string_view list, bool shellcheck, std::vector<std::string>& out) {
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view code = trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (code.empty()) continue;
    if (shellcheck && all_digits(code)) {
      out.push_back("SC" + std::string(code));
    } else {
      out.emplace_back(code);
    }
  }
}

// The codes a directive comment disables, or nullopt when it is not one.
// `# forklift: disable=FL101,FL102` / `# shellcheck disable=SC2003 source=x`.
std::optional<Suppression> parse_directive(std::string_view comment) {
  std::string_view body = trim(comment.substr(1));
  Suppression suppression;
  if (body.starts_with("forklift:")) {
    body.remove_prefix(9);
  } else if (body.starts_with("shellcheck ") || body.starts_with("shellcheck\t")) {
    body.remove_prefix(10);
    suppression.shellcheck = true;
  } else {
    return std::nullopt;
  }
  // Everything after a second `#` is a remark, not part of the directive.
  body = body.substr(0, body.find('#'));
  while (!body.empty()) {
    std::string_view word = next_word(body);
    if (!word.starts_with("disable=")) continue;
    std::string list(word.substr(8));
    while (list.ends_with(',') && !trim(body).empty()) list += next_word(body);  // `disable=FL1, FL2`
    split_codes(list, suppression.shellcheck, suppression.codes);
  }
  if (suppression.codes.empty()) return std::nullopt;
  return suppression;
}

// The statements of the program: the kids of Program and of every List,
// ordered by start (and, at the same start, outermost first).
std::vector<Span> statement_spans(const Ast& ast) {
  std::vector<Span> spans;
  visit(ast.root, [&](const Node* node) {
    if (node->is(NodeKind::Program) || node->is(NodeKind::List)) {
      for (const Node* kid : node->kids) spans.push_back(kid->span());
    }
    return true;
  });
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  return spans;
}

bool code_before_on_line(const SourceFile& file, uint32_t comment_begin) {
  uint32_t line_start = file.line_start(file.position(comment_begin).line);
  return !trim(std::string_view(file.text()).substr(line_start, comment_begin - line_start)).empty();
}

// Sets [begin, end) to what a directive comment at `comment` covers.
void place(Suppression& suppression, const SourceFile& file, const std::vector<Span>& statements, Span comment) {
  if (code_before_on_line(file, comment.begin)) {
    uint32_t line = file.position(comment.begin).line;
    suppression.begin = file.line_start(line);
    suppression.end = comment.end;
    return;
  }
  if (statements.empty() || comment.end <= statements.front().begin) {
    suppression.begin = 0;
    suppression.end = file.size() + 1;  // a diagnostic may sit at end of file
    return;
  }
  auto next = std::lower_bound(statements.begin(), statements.end(), comment.end,
                               [](const Span& span, uint32_t offset) { return span.begin < offset; });
  if (next == statements.end()) return;  // nothing follows: covers nothing
  suppression.begin = next->begin;
  suppression.end = std::max(next->end, next->begin + 1);
}

bool forklift_code_matches(std::string_view selector, std::string_view code) {
  return selector == "ALL" || code.starts_with(selector);
}

bool covers(const Suppression& suppression, const Diagnostic& diagnostic,
            std::optional<std::string_view> shellcheck_code) {
  if (diagnostic.begin < suppression.begin || diagnostic.begin >= suppression.end) return false;
  for (const std::string& code : suppression.codes) {
    if (suppression.shellcheck) {
      if (code == "all" || (shellcheck_code && code == *shellcheck_code)) return true;
    } else if (forklift_code_matches(code, diagnostic.code)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Suppression> collect_suppressions(const SourceFile& file, const Ast& ast) {
  std::vector<Suppression> suppressions;
  std::vector<Span> statements;
  bool statements_ready = false;
  for (const Span& comment : ast.comments) {
    std::optional<Suppression> suppression =
        parse_directive(std::string_view(file.text()).substr(comment.begin, comment.end - comment.begin));
    if (!suppression) continue;
    if (!statements_ready) {
      statements = statement_spans(ast);
      statements_ready = true;
    }
    place(*suppression, file, statements, comment);
    suppressions.push_back(std::move(*suppression));
  }
  return suppressions;
}

bool is_suppressed(const std::vector<Suppression>& suppressions, const Diagnostic& diagnostic,
                   std::optional<std::string_view> shellcheck_code) {
  return std::any_of(suppressions.begin(), suppressions.end(),
                     [&](const Suppression& s) { return covers(s, diagnostic, shellcheck_code); });
}

}  // namespace forklift
