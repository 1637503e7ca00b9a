#include "analyzer/semantic/words.h"

#include <algorithm>
#include <cctype>

#include "analyzer/ast_views.h"
#include "analyzer/lex/backslash.h"

namespace forklift {
namespace {

bool append_static_part(std::string_view source, const Node* part, std::string& out) {
  switch (part->kind) {
    case NodeKind::Literal:
      append_unescaped(out, node_text(source, part), BackslashContext::Unquoted);
      return true;
    case NodeKind::SingleQuoted:
      out += single_quoted_value(*part, node_text(source, part));
      return true;
    case NodeKind::DoubleQuoted:
      for (const Node* kid : part->kids) {
        if (!kid->is(NodeKind::Literal)) return false;
        append_unescaped(out, node_text(source, kid), BackslashContext::DoubleQuoted);
      }
      return true;
    default:
      return false;
  }
}

const Node* unwrap_double_quoted(const Node* part) {
  auto quoted = view_if<DoubleQuotedView>(part);
  return quoted && quoted->parts().size() == 1 ? quoted->parts()[0] : nullptr;
}

// The one part of a Word, or null.
const Node* sole_part(const Node* word) {
  auto view = view_if<WordView>(word);
  return view && view->parts().size() == 1 ? view->parts()[0] : nullptr;
}

// The statement of a List with exactly one.
const Node* sole_statement(const Node* list) {
  NodeSpan statements = ListView(list).statements();
  return statements.size() == 1 ? statements[0] : nullptr;
}

bool is_plain(const Node* param) {
  return param != nullptr && param->is(NodeKind::ParamExp) && param->op.empty() && param->kids.empty() &&
         (param->flags & (kParamLength | kParamIndirect)) == 0;
}

const Node* substitution_list(const Node* node) {
  if (node == nullptr) return nullptr;
  if (node->is(NodeKind::List)) return node;
  if (node->is(NodeKind::CommandSub) || node->is(NodeKind::Backtick)) return inner_list(node);
  return nullptr;
}

// classify_word flags any `[`; only `*`, `?` and a `[` closed by a `]` make a
// pattern (a lone `[` is the test command).
bool has_pattern(std::string_view source, const Node* word) {
  if ((word->flags & kWordHasExtGlob) != 0) return true;
  for (const Node* part : word->kids) {
    if (!part->is(NodeKind::Literal)) continue;
    std::string_view text = node_text(source, part);
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\\') {
        ++i;
      } else if (text[i] == '*' || text[i] == '?') {
        return true;
      } else if (text[i] == '[' && text.find(']', i + 1) != std::string_view::npos) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> static_word_value(std::string_view source, const Node* word) {
  if (word == nullptr || !word->is(NodeKind::Word)) return std::nullopt;
  if ((word->flags & (kWordHasBrace | kWordHasTilde)) != 0) return std::nullopt;
  if ((word->flags & kWordHasGlob) != 0 && has_pattern(source, word)) return std::nullopt;
  std::string out;
  for (const Node* part : word->kids) {
    if (!append_static_part(source, part, out)) return std::nullopt;
  }
  return out;
}

std::optional<std::string> static_part_value(std::string_view source, const Node* part) {
  std::string out;
  if (!append_static_part(source, part, out)) return std::nullopt;
  return out;
}

std::vector<const Node*> command_words(const Node* command) {
  std::vector<const Node*> words;
  if (command == nullptr) return words;
  for (const Node* kid : command->kids) {
    if (kid->is(NodeKind::Word)) words.push_back(kid);
  }
  return words;
}

bool has_words(const Node* command) {
  return command != nullptr &&
         std::any_of(command->kids.begin(), command->kids.end(), [](const Node* kid) { return kid->is(NodeKind::Word); });
}

bool has_redirects(const Node* command) {
  for (const Node* kid : command->kids) {
    if (kid->is(NodeKind::Redirect)) return true;
  }
  return false;
}

bool has_assignments(const Node* command) {
  for (const Node* kid : command->kids) {
    if (kid->is(NodeKind::Assignment)) return true;
  }
  return false;
}

std::optional<std::string> command_name(std::string_view source, const Node* command) {
  if (command == nullptr || !command->is(NodeKind::SimpleCommand)) return std::nullopt;
  for (const Node* kid : command->kids) {
    if (kid->is(NodeKind::Word)) return static_word_value(source, kid);
  }
  return std::nullopt;
}

bool is_plain_parameter(const Node* param) { return is_plain(param); }

const Node* plain_parameter(const Node* word) {
  const Node* part = sole_part(word);
  if (part == nullptr) return nullptr;
  if (const Node* inner = unwrap_double_quoted(part)) part = inner;
  return is_plain(part) ? part : nullptr;
}

const Node* quoted_plain_parameter(const Node* word) {
  const Node* part = sole_part(word);
  if (part == nullptr) return nullptr;
  const Node* inner = unwrap_double_quoted(part);
  return is_plain(inner) ? inner : nullptr;
}

std::optional<std::string> marked_word_value(std::string_view source, const Node* word, size_t max_parameters,
                                             std::vector<std::string>& names, bool* unquoted) {
  std::string text;
  auto add_literal = [&](const std::string& literal) {
    text += literal;
    return std::none_of(literal.begin(), literal.end(),
                        [&](char c) { return c >= 1 && static_cast<size_t>(c) <= max_parameters; });
  };
  auto add_parameter = [&](const Node* param) {
    if (!is_plain(param) || names.size() >= max_parameters) return false;
    names.emplace_back(param->text);
    text += static_cast<char>(names.size());
    return true;
  };
  for (const Node* part : word->kids) {
    if (std::optional<std::string> literal = static_part_value(source, part)) {
      if (!add_literal(*literal)) return std::nullopt;
    } else if (part->is(NodeKind::ParamExp) && unquoted != nullptr) {
      if (!add_parameter(part)) return std::nullopt;
      *unquoted = true;
    } else if (part->is(NodeKind::DoubleQuoted)) {
      for (const Node* inner : part->kids) {
        std::optional<std::string> literal = static_part_value(source, inner);
        if (literal ? !add_literal(*literal) : !(inner->is(NodeKind::ParamExp) && add_parameter(inner))) {
          return std::nullopt;
        }
      }
    } else {
      return std::nullopt;
    }
  }
  return text;
}

namespace {

bool plain_prefix_text(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_.,:=+-/@%").find(c) != std::string_view::npos;
  });
}

// Adds `part` (a Literal, or a plain ParamExp when `quoted`) to `out`; false
// when the word is not of the prefixed shape.
bool add_prefix_part(std::string_view source, const Node* part, bool quoted, PrefixedParameter& out) {
  if (out.parameter != nullptr) return false;
  if (quoted && is_plain(part)) {
    out.parameter = part;
    return true;
  }
  if (!part->is(NodeKind::Literal)) return false;
  std::string_view text = node_text(source, part);
  if (!plain_prefix_text(text)) return false;
  out.prefix += text;
  return true;
}

}  // namespace

std::optional<PrefixedParameter> quoted_prefixed_parameter(std::string_view source, const Node* word) {
  auto view = view_if<WordView>(word);
  if (!view) return std::nullopt;
  PrefixedParameter out;
  for (const Node* part : view->parts()) {
    if (auto quoted = view_if<DoubleQuotedView>(part)) {
      for (const Node* inner : quoted->parts()) {
        if (!add_prefix_part(source, inner, true, out)) return std::nullopt;
      }
    } else if (!add_prefix_part(source, part, false, out)) {
      return std::nullopt;
    }
  }
  if (out.parameter == nullptr) return std::nullopt;
  return out;
}

bool is_decimal_integer(std::string_view text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

std::string canonical_integer(std::string_view text) {
  bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  size_t first = text.find_first_not_of('0');
  if (first == std::string_view::npos) return "0";
  return std::string(negative ? "-" : "") + std::string(text.substr(first));
}

bool is_canonical_integer(std::string_view text) {
  return is_decimal_integer(text) && text[0] != '+' && canonical_integer(text) == text;
}

const Node* sole_simple_command(const Node* substitution_or_list) {
  const Node* list = substitution_list(substitution_or_list);
  const Node* command = list == nullptr ? nullptr : sole_statement(list);
  return command != nullptr && command->is(NodeKind::SimpleCommand) ? command : nullptr;
}

const Node* sole_pipeline(const Node* substitution_or_list) {
  const Node* list = substitution_list(substitution_or_list);
  const Node* pipeline = list == nullptr ? nullptr : sole_statement(list);
  return pipeline != nullptr && pipeline->is(NodeKind::Pipeline) ? pipeline : nullptr;
}

std::string_view node_text(std::string_view source, const Node* node) {
  return source.substr(node->begin, node->end - node->begin);
}

bool escaped_backtick(std::string_view backtick_text) {
  for (std::string_view escape : {"\\$", "\\`", "\\\\"}) {
    if (backtick_text.find(escape) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace forklift
