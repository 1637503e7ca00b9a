// ksh expands aliases while it parses, one complete command line at a time,
// so an alias value may hold any syntax (`alias forever='while true; do'`).
// The parser throws AliasHit at a command word that is an alias; the value
// replaces the word in the text and the line is parsed again. Text that came
// from an alias does not expand that alias again, and a value ending in a
// blank makes the next word a command word too.
#include "analyzer/exact_parser.h"

#include <algorithm>

#include "analyzer/lex/char_class.h"
#include "analyzer/exact/parser.h"

namespace forklift {

namespace exact {

namespace {

// An unquoted word of plain characters: what may name an alias.
bool alias_name_char(char c) {
  return is_name_char(c) || c == '-' || c == '.' || c == '/' || c == '@' || c == '%' || c == '+' || c == ',' ||
         c == ':' || c == '!' || c == '^' || c == '~';
}

}  // namespace

void Parser::check_alias(bool command_word) const {
  uint32_t end = pos_;
  while (end < end_ && alias_name_char(src_[end])) ++end;
  if (end == pos_ || (end < end_ && !is_delimiter_at(end))) return;
  if (!command_word) {
    // Only right after a value that ends in a blank.
    bool after_blank_value = std::any_of(aliases_->blank_ends.begin(), aliases_->blank_ends.end(), [&](uint32_t at) {
      if (at > pos_) return false;
      for (uint32_t p = at; p < pos_; ++p) {
        if (src_[p] != ' ' && src_[p] != '\t') return false;
      }
      return true;
    });
    if (!after_blank_value) return;
  }
  std::string_view name = slice(pos_, end);
  for (const AliasContext::Region& region : aliases_->regions) {
    if (region.begin <= pos_ && end <= region.end && region.name == name) return;
  }
  const std::string* value = (*aliases_->lookup)(name);
  if (value == nullptr) return;
  throw AliasHit{pos_, end, *value};
}

uint32_t Parser::parse_first_line(const AliasContext& aliases) {
  aliases_ = &aliases;
  skip_linebreaks();
  while (!at_end()) {
    parse_and_or();
    skip_space();
    if (at_end()) break;
    const char c = peek();
    if (c == '&' && peek(1) != '&') {
      ++pos_;
    } else if (c == '|' && peek(1) == '&') {
      pos_ += 2;
    } else if (c == ';' && peek(1) != ';' && peek(1) != '&') {
      ++pos_;
    } else if (c != '\n') {
      unexpected();
    }
    skip_space();
    if (at_newline()) {
      consume_newline();
      break;
    }
  }
  if (!pending_.empty()) read_pending_here_documents();
  return pos_;
}

}  // namespace exact

AliasedLine expand_aliases_in_first_line(std::string& text, Dialect dialect, const AliasLookup& lookup) {
  constexpr int kMaxExpansions = 1000;
  exact::AliasContext context;
  context.lookup = &lookup;
  AliasedLine line;
  for (int round = 0; round < kMaxExpansions; ++round) {
    Ast ast;
    std::vector<Span> comments;
    std::vector<ParseError> warnings;
    exact::Parser parser(ast, text, dialect, comments, warnings);
    try {
      line.end = parser.parse_first_line(context);
      return line;
    } catch (const exact::SyntaxError& error) {
      line.errors.push_back({error.offset, error.message});
      return line;
    } catch (const exact::AliasHit& hit) {
      std::string name = text.substr(hit.begin, hit.end - hit.begin);
      text.replace(hit.begin, hit.end - hit.begin, hit.value);
      int64_t growth = static_cast<int64_t>(hit.value.size()) - (hit.end - hit.begin);
      line.growth += growth;
      auto shift = [&](uint32_t& at) {
        if (at >= hit.end) at = static_cast<uint32_t>(at + growth);
      };
      for (exact::AliasContext::Region& region : context.regions) {
        shift(region.end);
        if (region.begin >= hit.end) shift(region.begin);
      }
      for (uint32_t& at : context.blank_ends) shift(at);
      uint32_t value_end = hit.begin + static_cast<uint32_t>(hit.value.size());
      context.regions.push_back({hit.begin, value_end, std::move(name)});
      if (!hit.value.empty() && (hit.value.back() == ' ' || hit.value.back() == '\t')) {
        context.blank_ends.push_back(value_end);
      }
    }
  }
  line.errors.push_back({0, "alias expansion too deep"});
  return line;
}

}  // namespace forklift
