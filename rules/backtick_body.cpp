#include "rules/backtick_body.h"

#include "analyzer/lex/backslash.h"

namespace forklift {
namespace {

// Inside backticks a backslash escapes only `$`, `` ` `` and `\` (and `"`
// when the backticks are inside double quotes); every other backslash is
// kept for the body's own parse. This happens before the body is parsed, so
// it applies inside the body's quotes as well.
std::string unescape(std::string_view raw, bool in_double_quotes) {
  return unescaped(raw, in_double_quotes ? BackslashContext::BacktickInDoubleQuotes : BackslashContext::Backtick);
}

bool starts_word(std::string_view text, size_t at) {
  if (at == 0) return true;
  char before = text[at - 1];
  return before == ' ' || before == '\t' || before == '\n' || before == ';' || before == '&' || before == '|' ||
         before == '(' || before == ')';
}

class BodyConverter {
 public:
  std::optional<std::string> convert(std::string_view raw, bool in_double_quotes) {
    if (++depth_ > 64) return std::nullopt;
    std::optional<std::string> converted = convert_nested(unescape(raw, in_double_quotes));
    --depth_;
    if (!converted) return std::nullopt;
    size_t trailing = 0;
    while (trailing < converted->size() && (*converted)[converted->size() - 1 - trailing] == '\\') ++trailing;
    if (trailing % 2 == 1) return std::nullopt;  // a final `\` would escape the `)`
    if (ends_in_comment_) converted->push_back('\n');
    if (!converted->empty() && (*converted)[0] == '(') return " " + *converted;
    return converted;
  }

 private:
  // Replaces the backtick substitutions left in an unescaped body, tracking
  // quotes (a backtick inside '…' is a plain character) and comments.
  std::optional<std::string> convert_nested(std::string_view body) {
    std::string out;
    bool single = false;
    bool dquote = false;
    bool comment = false;
    for (size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if (comment) {
        comment = c != '\n';
        out += c;
      } else if (single) {
        single = c != '\'';
        out += c;
      } else if (c == '\\' && i + 1 < body.size()) {
        out += c;
        out += body[++i];
      } else if (c == '\'' && !dquote) {
        single = true;
        out += c;
      } else if (c == '"') {
        dquote = !dquote;
        out += c;
      } else if (c == '#' && !dquote && starts_word(body, i)) {
        comment = true;
        out += c;
      } else if (c == '<' && !dquote && body.substr(i, 2) == "<<" && body.substr(i, 3) != "<<<") {
        return std::nullopt;
      } else if (c == '`') {
        size_t close = i + 1;
        while (close < body.size() && body[close] != '`') close += body[close] == '\\' ? 2 : 1;
        if (close >= body.size()) return std::nullopt;
        BodyConverter inner_converter;
        inner_converter.depth_ = depth_;
        std::optional<std::string> inner = inner_converter.convert(body.substr(i + 1, close - i - 1), dquote);
        if (!inner) return std::nullopt;
        if (unescaped_dollar_before(out, out.size())) out.insert(out.end() - 1, '\\');
        out += "$(" + *inner + ")";
        i = close;
      } else {
        out += c;
      }
    }
    ends_in_comment_ = comment;
    return out;
  }

  int depth_ = 0;
  bool ends_in_comment_ = false;
};

}  // namespace

bool unescaped_dollar_before(std::string_view text, size_t offset) {
  if (offset == 0 || text[offset - 1] != '$') return false;
  size_t backslashes = 0;
  while (backslashes + 1 < offset && text[offset - 2 - backslashes] == '\\') ++backslashes;
  return backslashes % 2 == 0;
}

std::optional<std::string> dollar_paren_body(std::string_view raw, bool in_double_quotes) {
  return BodyConverter().convert(raw, in_double_quotes);
}

}  // namespace forklift
