#include "rules/piped_value.h"

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/semantic/words.h"
#include "rules/guarded_rewrite.h"
#include "rules/substitution_site.h"

namespace forklift {
namespace {

// `$v`, `"$v"`, `${v}` with an identifier or a one-digit positional name
// (the rewrites write `$NAME`, and `$10` is `${1}0`).
const Node* value_parameter_node(const Node* param) {
  std::string_view name = param->text;
  bool positional = name.size() == 1 && is_digit(name[0]);
  return is_identifier(name) || positional ? param : nullptr;
}

const Node* value_parameter(const Node* word) {
  const Node* param = plain_parameter(word);
  return param != nullptr ? value_parameter_node(param) : nullptr;
}

// The value of the printed or here-string word; with `prefix` allowed,
// literal text may come before a quoted parameter.
bool read_fed_word(const SemanticModel& model, const Node* word, Prefix prefix, PipedValue& value) {
  value.parameter = value_parameter(word);
  value.quoted = quoted_plain_parameter(word) != nullptr;
  if (value.parameter != nullptr || prefix == Prefix::Refused) return value.parameter != nullptr;
  std::optional<PrefixedParameter> prefixed = quoted_prefixed_parameter(model.source(), word);
  if (!prefixed || prefixed->prefix.empty()) return false;
  value.parameter = value_parameter_node(prefixed->parameter);
  value.quoted = true;
  value.prefix = prefixed->prefix;
  return value.parameter != nullptr;
}

bool feed_from_printer(const SemanticModel& model, const Node* printer, Prefix prefix, PipedValue& value) {
  if (!printer->is(NodeKind::SimpleCommand) || has_redirects(printer) || has_assignments(printer)) return false;
  std::optional<std::string> name = command_name(model.source(), printer);
  std::vector<const Node*> words = command_words(printer);
  const Node* word = nullptr;
  if (name == "echo" && words.size() == 2) {
    word = words[1];
    value.via_echo = true;
  } else if (name == "echo" && words.size() == 3 && static_word_value(model.source(), words[1]) == "-n") {
    word = words[2];
    value.via_echo = true;
    value.adds_newline = false;
  } else if (name == "printf" && words.size() == 3) {
    std::optional<std::string> format = static_word_value(model.source(), words[1]);
    if (format != "%s\\n" && format != "%s") return false;
    value.adds_newline = format == "%s\\n";
    word = words[2];
  } else {
    return false;
  }
  return read_fed_word(model, word, prefix, value);
}

// Every assignment of the command sets a locale variable to `C` or `POSIX`.
bool only_c_locale(const SemanticModel& model, const Node* command) {
  for (const Node* kid : command->kids) {
    if (!kid->is(NodeKind::Assignment)) continue;
    AssignmentView assignment(kid);
    std::string_view name = kid->text;
    bool locale = name == "LC_ALL" || name == "LC_CTYPE" || name == "LC_COLLATE" || name == "LANG";
    std::optional<std::string> value =
        assignment.value() != nullptr ? static_word_value(model.source(), assignment.value()) : std::nullopt;
    if (!locale || !(value == "C" || value == "POSIX")) return false;
  }
  return true;
}

}  // namespace

std::optional<PipedValue> match_piped_command(const SemanticModel& model, const Node* node,
                                              std::string_view consumer_name, bool consumer_redirects, Prefix prefix,
                                              Locale locale) {
  PipedValue value;
  if (node->is(NodeKind::Pipeline)) {
    NodeSpan commands = PipelineView(node).commands();
    if (commands.size() != 2 || node->flags != 0) return std::nullopt;
    value.consumer = commands[1];
    if (!feed_from_printer(model, commands[0], prefix, value)) return std::nullopt;
    if (!value.consumer->is(NodeKind::SimpleCommand)) return std::nullopt;
    if (!consumer_redirects && has_redirects(value.consumer)) return std::nullopt;
  } else if (node->is(NodeKind::SimpleCommand)) {
    value.consumer = node;
    const Node* here_string = nullptr;
    for (const Node* kid : node->kids) {
      if (!kid->is(NodeKind::Redirect)) continue;
      if (kid->text == "<<<" && here_string == nullptr) {
        here_string = kid;
      } else if (!consumer_redirects || kid->text == "<<<") {
        return std::nullopt;
      }
    }
    if (here_string == nullptr) return std::nullopt;
    if (!read_fed_word(model, here_string->kids.back(), prefix, value)) return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (model.resolved_command_name(value.consumer) != consumer_name) return std::nullopt;
  if (has_assignments(value.consumer) && !(locale == Locale::CAllowed && only_c_locale(model, value.consumer))) {
    return std::nullopt;
  }
  return value;
}

std::optional<PipedValue> match_piped_value(const SemanticModel& model, const Node* substitution,
                                            std::string_view consumer_name, Prefix prefix, Locale locale) {
  const Node* body = sole_pipeline(substitution);
  if (body == nullptr) body = sole_simple_command(substitution);
  if (body == nullptr) return std::nullopt;
  std::optional<PipedValue> value = match_piped_command(model, body, consumer_name, false, prefix, locale);
  if (value) value->substitution = substitution;
  return value;
}

std::string_view piped_name(const PipedValue& value) { return value.parameter->text; }

std::vector<PipedValue> piped_values(const SemanticModel& model, std::string_view consumer_name, Prefix prefix,
                                     Locale locale) {
  std::vector<PipedValue> values;
  for (const Node* substitution : model.substitutions()) {
    if (inside_escaped_backtick(model, substitution)) continue;
    if (std::optional<PipedValue> value = match_piped_value(model, substitution, consumer_name, prefix, locale)) {
      values.push_back(*value);
    }
  }
  return values;
}

bool piped_integer(const SemanticModel& model, const PipedValue& value) {
  std::string_view name = piped_name(value);
  return is_identifier(name) && model.certainly_integer(name, value.parameter);
}

void require_value_fact(const SemanticModel& model, const PipedValue& value, ValueFact fact, std::string_view why,
                        FixSafety& safety) {
  ValueFacts facts = model.value_facts(value.parameter);
  if (facts.has(fact)) {
    safety.prove(facts.proof(fact, piped_name(value)));
  } else {
    safety.downgrade_for_fact(fact, piped_name(value), fmt::format("{}: {}", why, facts.missing(fact, piped_name(value))));
  }
}

void downgrade_for_printer(const SemanticModel& model, const PipedValue& value, FixSafety& safety) {
  // Every rewrite of a piped value reads it in the shell itself, or not at all.
  require_set_under_nounset(model, piped_name(value), value.parameter, safety,
                            value.substitution != nullptr ? "the `$( )` subshell" : "the command that prints it");
  if (piped_integer(model, value) && value.prefix.empty()) return;
  if (value.via_echo) {
    // Literal text before the value decides whether echo sees an option.
    if (value.prefix.empty()) {
      require_value_fact(model, value, ValueFact::NoLeadingDash, "echo takes a value like `-n` as an option", safety);
    } else if (value.prefix[0] == '-') {
      safety.downgrade(Applicability::Unsafe, "echo may take the printed text, which starts with `-`, as an option");
    }
    if (model.dialect() != Dialect::Bash) {
      require_value_fact(model, value, ValueFact::NoBackslash, "dash's and ksh's echo interpret backslashes", safety);
    }
  }
  if (!value.quoted) {
    std::string why = "the unquoted value is split and globbed before it is printed";
    // With the default IFS, a value without blanks, glob characters and
    // backslashes is one word as it is (an empty one none: echo and
    // printf print the same for no word as for an empty one).
    if (model.may_assign_ifs(value.parameter)) {
      safety.downgrade(Applicability::Unsafe, why + ", and the script may change `IFS`");
    } else {
      safety.downgrade_for_trait(ValueTrait::SplitOrGlob, piped_name(value), std::move(why));
    }
  }
}

void downgrade_for_piped_value(const SemanticModel& model, const PipedValue& value, FixSafety& safety) {
  if (piped_integer(model, value)) return;
  downgrade_for_printer(model, value, safety);
  require_value_fact(model, value, ValueFact::NoTrailingNewline,
               "`$( )` strips trailing newlines of the value, the expansion keeps them", safety);
}

}  // namespace forklift
