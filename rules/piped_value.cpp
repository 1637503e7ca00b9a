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
const Node* value_parameter(const Node* word) {
  const Node* param = plain_parameter(word);
  if (param == nullptr) return nullptr;
  std::string_view name = param->text;
  bool positional = name.size() == 1 && is_digit(name[0]);
  return is_identifier(name) || positional ? param : nullptr;
}

bool feed_from_printer(const SemanticModel& model, const Node* printer, PipedValue& value) {
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
  value.parameter = value_parameter(word);
  value.quoted = quoted_plain_parameter(word) != nullptr;
  return value.parameter != nullptr;
}

}  // namespace

std::optional<PipedValue> match_piped_command(const SemanticModel& model, const Node* node,
                                              std::string_view consumer_name, bool consumer_redirects) {
  PipedValue value;
  if (node->is(NodeKind::Pipeline)) {
    NodeSpan commands = PipelineView(node).commands();
    if (commands.size() != 2 || node->flags != 0) return std::nullopt;
    value.consumer = commands[1];
    if (!feed_from_printer(model, commands[0], value)) return std::nullopt;
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
    value.parameter = value_parameter(here_string->kids.back());
    value.quoted = quoted_plain_parameter(here_string->kids.back()) != nullptr;
    if (value.parameter == nullptr) return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (model.resolved_command_name(value.consumer) != consumer_name || has_assignments(value.consumer)) {
    return std::nullopt;
  }
  return value;
}

std::optional<PipedValue> match_piped_value(const SemanticModel& model, const Node* substitution,
                                            std::string_view consumer_name) {
  const Node* body = sole_pipeline(substitution);
  if (body == nullptr) body = sole_simple_command(substitution);
  if (body == nullptr) return std::nullopt;
  std::optional<PipedValue> value = match_piped_command(model, body, consumer_name, false);
  if (value) value->substitution = substitution;
  return value;
}

std::string_view piped_name(const PipedValue& value) { return value.parameter->text; }

std::vector<PipedValue> piped_values(const SemanticModel& model, std::string_view consumer_name) {
  std::vector<PipedValue> values;
  for (const Node* substitution : model.substitutions()) {
    if (inside_escaped_backtick(model, substitution)) continue;
    if (std::optional<PipedValue> value = match_piped_value(model, substitution, consumer_name)) {
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
  if (piped_integer(model, value)) return;
  if (value.via_echo) {
    require_value_fact(model, value, ValueFact::NoLeadingDash, "echo takes a value like `-n` as an option", safety);
    if (model.dialect() != Dialect::Bash) {
      require_value_fact(model, value, ValueFact::NoBackslash, "dash's and ksh's echo interpret backslashes", safety);
    }
  }
  if (!value.quoted) {
    safety.downgrade(Applicability::Unsafe, "the unquoted value is split and globbed before it is printed");
  }
}

void downgrade_for_piped_value(const SemanticModel& model, const PipedValue& value, FixSafety& safety) {
  if (piped_integer(model, value)) return;
  downgrade_for_printer(model, value, safety);
  require_value_fact(model, value, ValueFact::NoTrailingNewline,
               "`$( )` strips trailing newlines of the value, the expansion keeps them", safety);
}

}  // namespace forklift
