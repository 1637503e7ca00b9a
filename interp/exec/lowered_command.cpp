#include "interp/exec/lowered_command.h"

#include "analyzer/ast_views.h"
#include "analyzer/lex/char_class.h"
#include "interp/expand/expander.h"

namespace forklift::interp {

namespace {

bool is_plain_name(std::string_view name) { return name != "_" && is_identifier(name); }

// $name or ${name}: no operator, subscript, length or indirection.
bool is_plain_parameter(const Node* part) {
  return part->kind == NodeKind::ParamExp && part->op.empty() && part->kids.empty() &&
         (part->flags & (kParamLength | kParamIndirect)) == 0 && is_plain_name(part->text);
}

// "$@", "$*", "${a[@]}", "${!prefix@}" and the like, also in the operand
// of another expansion ("${x:-"$@"}"), can make several fields.
bool may_make_fields(const Node* node) {
  if (node->kind == NodeKind::ParamExp) {
    if (node->text == "@" || node->text == "*") return true;
    if ((node->flags & kParamIndirect) != 0 && (node->op == "*" || node->op == "@")) return true;
  }
  if (node->kind == NodeKind::Subscript) {
    const Node* literal = sole_literal_part(SubscriptView(node).index());
    if (literal != nullptr && (literal->text == "@" || literal->text == "*")) return true;
  }
  for (const Node* kid : node->kids) {
    if (may_make_fields(kid)) return true;
  }
  return false;
}

// An expansion that yields exactly one string inside double quotes: not
// "$@", "$*", "${a[@]}", "${!prefix@}" and the like, which make fields.
bool is_single_field_expansion(const Node* part) {
  switch (part->kind) {
    case NodeKind::ArithExp:
    case NodeKind::CommandSub:
    case NodeKind::BraceSub:
    case NodeKind::Backtick:
      return true;
    case NodeKind::ParamExp:
      return !may_make_fields(part);
    default:
      return false;
  }
}

LoweredPart text_part(std::string text) {
  LoweredPart part;
  part.kind = LoweredPart::Kind::Text;
  part.text = std::move(text);
  return part;
}

LoweredPart expansion_part(const Node* node) {
  LoweredPart part;
  part.node = node;
  if (is_plain_parameter(node)) {
    part.kind = LoweredPart::Kind::Variable;
    part.name = node->text;
  } else {
    part.kind = LoweredPart::Kind::Other;
  }
  return part;
}

// The parts of a word that makes one field whatever the values: quoted
// text and expansions, and unquoted literals that globbing, braces and
// tilde leave alone. False when the word needs the Expander.
bool lower_parts(const Node* word, bool assignment_value, std::string_view source, std::vector<LoweredPart>& parts) {
  if (word->flags & (kWordHasBrace | kWordHasTilde | kWordHasExtGlob)) return false;
  for (const Node* kid : word->kids) {
    switch (kid->kind) {
      case NodeKind::Literal:
        if (kid->text.find(":~") != std::string_view::npos) return false;
        if (!assignment_value && (kid->text.find('{') != std::string_view::npos || has_glob_syntax(kid->text))) {
          return false;
        }
        parts.push_back(text_part(unescape_literal(kid->text)));
        break;
      case NodeKind::SingleQuoted: {
        std::string_view text = kid->text;
        if (text.empty() && kid->end <= source.size()) text = source.substr(kid->begin, kid->end - kid->begin);
        if (text.size() < 2) return false;
        parts.push_back(text_part(single_quoted_value(*kid, text)));
        break;
      }
      case NodeKind::DoubleQuoted:
        for (const Node* inner : kid->kids) {
          if (inner->kind == NodeKind::Literal) parts.push_back(text_part(double_quoted_text(inner->text)));
          else if (is_single_field_expansion(inner)) parts.push_back(expansion_part(inner));
          else return false;
        }
        break;
      case NodeKind::ParamExp:
      case NodeKind::ArithExp:
      case NodeKind::CommandSub:
      case NodeKind::BraceSub:
      case NodeKind::Backtick:
        // Unquoted: split in arguments, not in an assignment value; there
        // only an operator's operand would read differently than quoted.
        if (!assignment_value) return false;
        if (kid->kind == NodeKind::ParamExp && !is_plain_parameter(kid)) return false;
        parts.push_back(expansion_part(kid));
        break;
      default:
        return false;
    }
  }
  return true;
}

// Adjacent text parts joined: "a$x" 'b' -> [a, $x, b].
void merge_text(std::vector<LoweredPart>& parts) {
  std::vector<LoweredPart> merged;
  for (LoweredPart& part : parts) {
    if (part.kind == LoweredPart::Kind::Text && !merged.empty() && merged.back().kind == LoweredPart::Kind::Text) {
      merged.back().text += part.text;
    } else {
      merged.push_back(std::move(part));
    }
  }
  parts = std::move(merged);
}

}  // namespace

LoweredWord lower_word(const Node* word, bool assignment_value, std::string_view source) {
  LoweredWord lowered;
  lowered.node = word;
  NodeSpan word_parts = WordView(word).parts();
  if (!assignment_value && word_parts.size() == 1 && is_plain_parameter(word_parts[0])) {
    lowered.kind = LoweredWord::Kind::Variable;
    lowered.variable = expansion_part(word_parts[0]);
    return lowered;
  }
  std::vector<LoweredPart> parts;
  if (!lower_parts(word, assignment_value, source, parts)) return lowered;
  merge_text(parts);
  if (parts.empty() || (parts.size() == 1 && parts[0].kind == LoweredPart::Kind::Text)) {
    lowered.kind = LoweredWord::Kind::Literal;
    if (!parts.empty()) lowered.text = std::move(parts[0].text);
    return lowered;
  }
  lowered.kind = LoweredWord::Kind::Quoted;
  lowered.parts = std::move(parts);
  return lowered;
}

LoweredCommand lower_simple_command(const Node* command, std::string_view source) {
  LoweredCommand lowered;
  for (const Node* kid : command->kids) {
    if (kid->kind == NodeKind::Word) {
      lowered.words.push_back(lower_word(kid, false, source));
    } else if (kid->kind == NodeKind::Assignment) {
      LoweredAssignment assignment;
      assignment.node = kid;
      assignment.name = kid->text;
      const Node* value = nullptr;
      bool plain = kid->op == "=" && is_plain_name(kid->text);
      for (const Node* part : kid->kids) {
        if (part->kind == NodeKind::Word) value = part;
        else plain = false;  // a subscript or an array literal
      }
      assignment.simple = plain;
      if (plain && value != nullptr) assignment.value = lower_word(value, true, source);
      else if (plain) assignment.value.kind = LoweredWord::Kind::Literal;
      lowered.assignments.push_back(std::move(assignment));
    }
  }
  lowered.literal_name = !lowered.words.empty() && lowered.words[0].kind == LoweredWord::Kind::Literal;
  return lowered;
}

}  // namespace forklift::interp
