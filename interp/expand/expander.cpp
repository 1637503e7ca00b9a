#include "interp/expand/expander.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/backslash.h"

#include "interp/errors.h"
#include "interp/text/escapes.h"
#include "interp/text/locale_text.h"

namespace forklift::interp {

namespace {

bool is_glob_char(char c) { return c == '*' || c == '?' || c == '['; }

}  // namespace

bool has_glob_syntax(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\') {
      ++i;
    } else if (c == '*' || c == '?') {
      return true;
    } else if (c == '[' && text.find(']', i + 1) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

namespace {

// `out` ends in an unescaped '[': a '^' quoted in the script after it does not
// negate the bracket expression in ksh93 (one from a quoted expansion still
// does). Elsewhere '^' stays bare, as =~ reads it as an anchor.
bool opens_bracket(const std::string& out) {
  if (out.empty() || out.back() != '[') return false;
  size_t backslashes = 0;
  for (size_t i = out.size() - 1; i > 0 && out[i - 1] == '\\'; --i) ++backslashes;
  return backslashes % 2 == 0;
}

// `written`: text quoted in the script itself, not an expansion's result.
void append_escaped(std::string& out, std::string_view text, bool written = false) {
  for (char c : text) {
    if (c == '\\' || c == '*' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}' || c == ',' ||
        c == '(' || c == ')' || c == '|' || c == '!' || c == '@' || c == '+' || c == '-' || c == '.' ||
        (written && c == '^' && opens_bracket(out))) {
      out.push_back('\\');
    }
    out.push_back(c);
  }
}

// The pattern form of an unquoted expansion in a pattern. Its backslashes
// escape, and ksh93 reads the escapes of its regular expressions there:
// `p='\d'; [[ 5 == $p ]]` is true (but not `[[ 5 == \d ]]`, whose `d` is
// quoted in the script). The classes become brackets (members inside one),
// the characters named by an escape become themselves, quoted; any other
// escape stays as it is (`\1` is a back-reference, `\b` a word boundary).
// One escape of an expansion in a pattern, text[i] the character after the
// backslash; returns the index of its last character.
size_t append_pattern_escape(std::string& out, std::string_view text, size_t i, bool in_bracket) {
  static constexpr std::string_view kClasses = "dDsSwW";
  static constexpr std::string_view kBrackets[] = {"[[:digit:]]",  "[^[:digit:]]", "[[:space:]]",
                                                   "[^[:space:]]", "[[:alnum:]_]", "[^[:alnum:]_]"};
  // Inside a bracket, only the classes themselves: a complement has no form there.
  static constexpr std::string_view kMembers[] = {"[:digit:]", "", "[:space:]", "", "[:alnum:]_", ""};
  size_t k = kClasses.find(text[i]);
  if (k != std::string_view::npos && (!in_bracket || !kMembers[k].empty())) {
    out.append(in_bracket ? kMembers[k] : kBrackets[k]);
    return i;
  }
  std::string character;
  size_t next = i;
  if (decode_character_escape(text, next, character)) {
    // A NUL, which no value holds, makes the pattern match nothing (Shell::pattern_match).
    out.push_back('\\');
    out.append(character);
    return next - 1;
  }
  out.push_back('\\');
  out.push_back(text[i]);
  return i;
}

// The pattern form of an unquoted expansion in a pattern. Its backslashes
// escape, and ksh93 reads the escapes of its regular expressions there:
// `p='\d'; [[ 5 == $p ]]` is true (but not `[[ 5 == \d ]]`, whose `d` is
// quoted in the script). The classes become brackets (members inside one),
// the characters named by an escape become themselves, quoted; any other
// escape stays as it is (`\1` is a back-reference, `\b` a word boundary).
void append_expanded_pattern(std::string& out, std::string_view text) {
  if (text.find('\\') == std::string_view::npos) {
    out.append(text);
    return;
  }
  bool in_bracket = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size()) {
      i = append_pattern_escape(out, text, i + 1, in_bracket);
      continue;
    }
    out.push_back(c);
    if (c == '[' && in_bracket && i + 1 < text.size() && std::strchr(":=.", text[i + 1]) != nullptr) {
      // `[:alpha:]` and the like inside a bracket: its `]` closes nothing.
      size_t close = text.find(std::string{text[i + 1], ']'}, i + 2);
      if (close == std::string_view::npos) continue;
      out.append(text.substr(i + 1, close + 1 - i));
      i = close + 1;
    } else if (c == '[' && !in_bracket) {
      in_bracket = true;
      if (i + 1 < text.size() && (text[i + 1] == '!' || text[i + 1] == '^')) out.push_back(text[++i]);
      if (i + 1 < text.size() && text[i + 1] == ']') out.push_back(text[++i]);
    } else if (c == ']') {
      in_bracket = false;
    }
  }
}

// The pattern form of an unquoted expansion in a replacement: ksh93 reads
// `\\` there as one backslash and `\N` as group N; any other backslash is
// itself (`s='a\*'; ${v/x/$s}` puts in `a\*`).
void append_expanded_replacement(std::string& out, std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\\' || std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      out.push_back(c);
      out.push_back(text[++i]);
    } else if (c == '\\') {
      out.append("\\\\");
    } else {
      out.push_back(c);
    }
  }
}

}  // namespace

std::string unescape_pattern(std::string_view text) {
  std::string out;
  unescape_pattern_into(text, out);
  return out;
}

void unescape_pattern_into(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    out.push_back(text[i]);
  }
}

Expander::Expander(Shell& sh, Mode m) : shell(sh), mode(m) {
  escaped = mode == Mode::Pattern || mode == Mode::Replacement || (mode == Mode::Fields && !shell.options().noglob);
  split = mode == Mode::Fields;
}

void Expander::load_ifs() {
  if (ifs_loaded) return;
  ifs_loaded = true;
  const std::string* value = shell.get_scalar("IFS");
  ifs_set = value != nullptr;
  ifs = value != nullptr ? *value : std::string(" \t\n");
}

void Expander::add_quoted(std::string_view text) {
  if (escaped) append_escaped(current.text, text);
  else current.text.append(text);
  open = true;
  ws_pending = false;
}

void Expander::add_written_quoted(std::string_view text) {
  if (escaped) append_escaped(current.text, text, true);
  else current.text.append(text);
  open = true;
  ws_pending = false;
}

void Expander::break_field() {
  fields.push_back(std::move(current));
  current = Field{};
  current.escaped = escaped;
  open = true;
  ws_pending = false;
}

void Expander::add_unquoted(std::string_view text) {
  if (!split) {
    // In a pattern, an unquoted expansion keeps its pattern characters (and
    // its backslashes escape, unlike in arguments).
    if (mode == Mode::Pattern) append_expanded_pattern(current.text, text);
    else if (mode == Mode::Replacement) append_expanded_replacement(current.text, text);
    else current.text.append(text);
    open = true;
    return;
  }
  auto append_piece = [&](std::string_view piece) {
    if (piece.empty()) return;
    if (escaped) {
      // A backslash that an expansion produced is an ordinary character in
      // ksh: it escapes nothing for globbing and stays in the argument. Nor
      // does a `(` open a group of an extended pattern there: only `*`, `?`
      // and brackets of a value glob.
      size_t from = current.text.size();
      if (piece.find_first_of("\\(") == std::string_view::npos) {
        current.text.append(piece);
      } else {
        for (char c : piece) {
          if (c == '\\' || c == '(') current.text.push_back('\\');
          current.text.push_back(c);
        }
      }
      if (has_glob_syntax(std::string_view(current.text).substr(from))) current.has_glob = true;
      if (piece.find('{') != std::string_view::npos) current.has_brace = true;
    } else {
      current.text.append(piece);
    }
    open = true;
    ws_pending = false;
  };
  load_ifs();
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (ifs.find(c) == std::string::npos) continue;
    append_piece(text.substr(start, i - start));
    bool white = c == ' ' || c == '\t' || c == '\n';
    if (white) {
      if (open) {
        fields.push_back(std::move(current));
        current = Field{};
        current.escaped = escaped;
        open = false;
        ws_pending = true;
      }
    } else {
      if (ws_pending) {
        ws_pending = false;
      } else {
        fields.push_back(std::move(current));
        current = Field{};
        current.escaped = escaped;
      }
      open = false;
      // A non-white separator swallows the white space after it.
      while (i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\t' || text[i + 1] == '\n') &&
             ifs.find(text[i + 1]) != std::string::npos) {
        ++i;
      }
      start = i + 1;
      continue;
    }
    start = i + 1;
  }
  append_piece(text.substr(start));
}

void Expander::literal(std::string_view raw) {
  open = true;
  ws_pending = false;
  if (escaped) {
    for (size_t i = 0; i < raw.size(); ++i) {
      char c = raw[i];
      if (c == '\\' && i + 1 < raw.size()) {
        if (raw[i + 1] == '\n') {
          ++i;
          continue;
        }
        current.text.push_back('\\');
        current.text.push_back(raw[++i]);
        continue;
      }
      if ((is_glob_char(c) && (c != '[' || raw.find(']', i + 1) != std::string_view::npos)) ||
          ((c == '(') && i > 0 && std::string_view("?*+@!").find(raw[i - 1]) != std::string_view::npos)) {
        current.has_glob = true;
      }
      current.text.push_back(c);
    }
    return;
  }
  append_unescaped(current.text, raw, BackslashContext::Unquoted);
}

std::string double_quoted_text(std::string_view raw) { return unescaped(raw, BackslashContext::DoubleQuoted); }

void Expander::double_quoted_literal(std::string_view raw) {
  open = true;
  ws_pending = false;
  if (raw.find('\\') == std::string_view::npos) {
    if (escaped) append_escaped(current.text, raw, true);
    else current.text.append(raw);
    return;
  }
  std::string text =
      unescaped(raw, in_quoted_operand ? BackslashContext::DoubleQuotedOperand : BackslashContext::DoubleQuoted);
  if (escaped) append_escaped(current.text, text, true);
  else current.text.append(text);
}

void Expander::part(const Node* node, bool quoted) {
  switch (node->kind) {
    case NodeKind::Literal:
      if (quoted) double_quoted_literal(node->text);
      else literal(node->text);
      return;
    case NodeKind::SingleQuoted:
      add_written_quoted(single_quoted_value(*node, shell.node_text(node)));
      return;
    case NodeKind::AnsiCQuoted: {
      std::string_view text = shell.node_text(node);
      add_written_quoted(decode_ansi_c(text.size() >= 3 ? text.substr(2, text.size() - 3) : std::string_view()));
      return;
    }
    case NodeKind::DoubleQuoted:
    case NodeKind::LocaleQuoted:
      // "" is a field; "$@" with no parameters is none.
      if (node->kids.empty()) open = true;
      ws_pending = false;
      for (const Node* kid : node->kids) part(kid, true);
      return;
    case NodeKind::ParamExp:
      parameter(node, quoted);
      return;
    case NodeKind::CommandSub:
    case NodeKind::Backtick:
    case NodeKind::BraceSub: {
      std::string result = shell.command_substitution(node, node->kind == NodeKind::BraceSub);
      if (quoted) add_quoted(result);
      else add_unquoted(result);
      return;
    }
    case NodeKind::ArithExp:
    case NodeKind::ArithBracket: {
      const Node* expression =
          node->is(NodeKind::ArithExp) ? ArithExpView(node).expression() : ArithBracketView(node).expression();
      std::string result = format_number(shell.eval_arith(expression));
      if (quoted) add_quoted(result);
      else add_unquoted(result);
      return;
    }
    case NodeKind::ProcessSub: {
      std::string path = shell.process_substitution(node);
      add_quoted(path);
      return;
    }
    default:
      shell.fatal(fmt::format("cannot expand {}", kind_name(node->kind)), 2);
  }
}

void Expander::word(const Node* w) {
  current.escaped = escaped;
  Position pos{0, 0};
  if ((w->flags & kWordHasTilde) && starts_with_tilde(w)) pos = tilde_prefix(w, pos);
  word_from(w, pos);
}

std::vector<Field> Expander::take_fields() {
  if (open) fields.push_back(std::move(current));
  current = Field{};
  open = false;
  return std::move(fields);
}

std::string Expander::take_string() {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    out += fields[i].text;
    out += ' ';
  }
  out += current.text;
  return out;
}

// ---- Shell entry points -------------------------------------------------------------

std::string_view Shell::node_text(const Node* node) const {
  if (!node->text.empty()) return node->text;
  std::string_view source = current_source();
  if (node->end <= source.size()) return source.substr(node->begin, node->end - node->begin);
  return {};
}

std::string Shell::expand_to_string(const Node* word) {
  if (LoweredWord* lowered = lowered_string_word(word)) return lowered_value(*lowered);
  return expand_string_general(word, false);
}

std::string Shell::expand_assignment_value(const Node* word) {
  if (LoweredWord* lowered = lowered_string_word(word)) return lowered_value(*lowered);
  return expand_string_general(word, true);
}

std::string Shell::expand_string_general(const Node* word, bool tilde_after_colon) {
  Expander expander(*this, Expander::Mode::String);
  expander.tilde_after_colon = tilde_after_colon;
  expander.word(word);
  return expander.take_string();
}

std::string Shell::expand_part_to_string(const Node* part) {
  Expander expander(*this, Expander::Mode::String);
  expander.part(part, true);
  return expander.take_string();
}

std::string Shell::expand_pattern(const Node* word) {
  Expander expander(*this, Expander::Mode::Pattern);
  expander.word(word);
  return expander.take_string();
}

std::string Shell::expand_replacement(const Node* word) {
  Expander expander(*this, Expander::Mode::Replacement);
  expander.word(word);
  return expander.take_string();
}

std::string Shell::literal_text(std::string_view raw) { return unescape_literal(raw); }

std::string unescape_literal(std::string_view raw) {
  if (raw.find('\\') == std::string_view::npos) return std::string(raw);
  std::string out;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size()) {
      ++i;
      if (raw[i] == '\n') continue;
    }
    out.push_back(raw[i]);
  }
  return out;
}

namespace {

bool has_unquoted_brace(const Node* word) {
  for (const Node* part : word->kids) {
    if (part->kind == NodeKind::Literal && part->text.find('{') != std::string_view::npos) return true;
  }
  return false;
}

bool has_quoted_part(const Node* word) {
  return std::any_of(word->kids.begin(), word->kids.end(), [](const Node* part) {
    return part->kind == NodeKind::SingleQuoted || part->kind == NodeKind::DoubleQuoted ||
           part->kind == NodeKind::AnsiCQuoted || part->kind == NodeKind::LocaleQuoted;
  });
}

// ksh93's `~(N)` before a pathname pattern: a pattern that matches nothing
// gives no word, not itself. Removes the option; false when there is none.
bool take_null_glob_option(std::string& pattern) {
  if (!pattern.starts_with("~(N)")) return false;
  pattern.erase(0, 4);
  return true;
}

}  // namespace

bool is_plain_literal_word(const Node* word) {
  const Node* literal = sole_literal_part(word);
  if (literal == nullptr) return false;
  std::string_view text = literal->text;
  return (word->flags & (kWordHasBrace | kWordHasTilde | kWordHasExtGlob)) == 0 &&
         text.find('{') == std::string_view::npos && !has_glob_syntax(text);
}

void Shell::expand_words(NodeSpan items, std::vector<std::string>& argv) {
  ArgvBuilder builder(argv, argv.size());
  for (const Node* word : items) {
    if (word->kind != NodeKind::Word) continue;
    if (is_plain_literal_word(word)) {
      builder.add(literal_text(sole_literal_part(word)->text));
      continue;
    }
    expand_general_word(word, builder);
  }
}

void Shell::expand_general_word(const Node* word, ArgvBuilder& argv) {
  Expander expander(*this, Expander::Mode::Fields);
  bool braces = has_unquoted_brace(word);
  if (braces && !expander.escaped) expander.escaped = true;
  expander.word(word);
  std::vector<Field> fields = expander.take_fields();
  for (Field& field : fields) {
    if (!field.escaped) {
      argv.add(std::move(field.text));
      continue;
    }
    bool field_braces = braces || field.has_brace;
    bool null_glob_option = !options_.noglob && field.text.starts_with("~(N)");
    if (!field_braces && !(field.has_glob && !options_.noglob) && !null_glob_option) {
      unescape_pattern_into(field.text, argv.start_field());
      continue;
    }
    std::vector<std::string> expanded;
    if (field_braces) brace_expand(field.text, expanded);
    else expanded.push_back(std::move(field.text));
    for (std::string& pattern : expanded) {
      bool null_glob = !options_.noglob && take_null_glob_option(pattern);
      bool glob = null_glob || (!options_.noglob && (field.has_glob || (field_braces && pattern.find_first_of("*?[") !=
                                                                                             std::string::npos)));
      if (glob) {
        std::vector<std::string> matches = glob_pattern(pattern, get_scalar("FIGNORE"), options_.globstar);
        if (!matches.empty()) {
          for (auto& m : matches) argv.add(std::move(m));
          continue;
        }
        if (null_glob) {
          if (has_quoted_part(word)) argv.start_field();
          continue;
        }
      }
      unescape_pattern_into(pattern, argv.start_field());
    }
  }
}

}  // namespace forklift::interp
