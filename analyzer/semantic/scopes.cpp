#include "analyzer/semantic/scopes.h"

#include <algorithm>
#include <cctype>

#include "analyzer/ast_operators.h"
#include "analyzer/ast_views.h"
#include "analyzer/lex/char_class.h"
#include "analyzer/semantic/words.h"

namespace forklift {
namespace {

bool is_option_word(const std::optional<std::string>& value) {
  return value && value->size() > 1 && ((*value)[0] == '-' || (*value)[0] == '+');
}

// `x=1`, `x+=1`, `++x`, `x++` at the start of a `let` argument: the name it assigns.
std::string let_target(std::string_view text) {
  std::string cleaned;
  for (char c : text) {
    if (c != '"' && c != '\'' && c != ' ' && c != '\t') cleaned += c;
  }
  std::string_view rest = cleaned;
  if (rest.starts_with("++") || rest.starts_with("--")) rest.remove_prefix(2);
  size_t n = name_length(rest);
  std::string name(rest.substr(0, n));
  if (!is_identifier(name)) return {};
  std::string_view op = rest.substr(n);
  if (cleaned.starts_with("++") || cleaned.starts_with("--")) return name;
  if (op.starts_with("++") || op.starts_with("--")) return name;
  for (std::string_view token : arith_tokens_longest_first()) {
    if (op.starts_with(token)) return is_arith_assignment(token) ? name : std::string{};
  }
  return {};
}

// Option letters of `read` that take an argument, per dialect; the array
// option's argument names an array.
struct ReadOptions {
  std::string_view with_argument;
  char array_option;
};

ReadOptions read_options(Dialect dialect) {
  if (dialect == Dialect::Ksh || dialect == Dialect::Mksh) return {"Adntu", 'A'};
  return {"adinNptu", 'a'};
}

}  // namespace

VariableAttributes declaration_attributes(std::string_view command, const std::vector<std::string>& options) {
  VariableAttributes attributes;
  if (command == "integer") attributes.integer = true;
  if (command == "float") attributes.floating = true;
  if (command == "export") attributes.exported = true;
  if (command == "readonly") attributes.readonly = true;
  for (const std::string& option : options) {
    if (option.empty() || option[0] != '-') continue;  // `+i` removes attributes: none gained
    for (size_t i = 1; i < option.size(); ++i) {
      switch (option[i]) {
        case 'i': {
          attributes.integer = true;
          size_t digits = i + 1;
          while (digits < option.size() && std::isdigit(static_cast<unsigned char>(option[digits]))) ++digits;
          if (digits > i + 1) attributes.integer_base = std::stoi(option.substr(i + 1, digits - i - 1));
          i = digits - 1;
          break;
        }
        case 'F': case 'E': attributes.floating = true; break;
        case 'u': attributes.upper = true; break;
        case 'l': attributes.lower = true; break;
        case 'L': case 'R': case 'Z': attributes.justified = true; break;
        case 'a': attributes.indexed_array = true; break;
        case 'A': attributes.associative_array = true; break;
        case 'x': attributes.exported = true; break;
        case 'r': attributes.readonly = true; break;
        default: break;
      }
    }
  }
  return attributes;
}

ScopeIndex::ScopeIndex(std::string_view source, const TreeIndex& tree, Dialect dialect)
    : source_(source), tree_(tree), dialect_(dialect) {
  collect_functions(tree.root());
  collect_locals(tree.root());
  collect(tree.root());
}

void ScopeIndex::collect_functions(const Node* root) {
  visit(root, [&](const Node* node) {
    if (node->is(NodeKind::FunctionDef)) {
      bool local_scope = dialect_ != Dialect::Ksh || (node->flags & kKshFunction) != 0;
      functions_.push_back(Function{std::string(node->text), node, local_scope});
      scope_of_function_[node] = static_cast<int>(functions_.size());
      function_by_name_[std::string(node->text)] = static_cast<int>(functions_.size() - 1);
    }
    return true;
  });
}

void ScopeIndex::collect_locals(const Node* root) {
  visit(root, [&](const Node* node) {
    if (!node->is(NodeKind::Declaration)) return true;
    const Node* function = tree_.enclosing_function(node);
    if (function == nullptr || !functions_[scope_of_function_.at(function) - 1].local_scope) return true;
    if (node->text == "export" || node->text == "readonly") return true;
    std::vector<const Node*> words = command_words(node);
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> value = static_word_value(source_, words[i]);
      if (value && *value == "-g") return true;  // bash: declare -g stays global
    }
    int scope = scope_of_function_.at(function);
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> value = static_word_value(source_, words[i]);
      if (value && is_identifier(*value)) locals_[{scope, *value}] = true;
    }
    for (const Node* kid : node->kids) {
      if (kid->is(NodeKind::Assignment)) locals_[{scope, std::string(kid->text)}] = true;
    }
    return true;
  });
}

int ScopeIndex::scope_at(std::string_view name, const Node* at) const {
  for (const Node* function = tree_.enclosing_function(at); function != nullptr;
       function = tree_.enclosing_function(function)) {
    int scope = scope_of_function_.at(function);
    if (locals_.contains(std::pair<int, std::string>{scope, std::string(name)})) return scope;
  }
  return 0;
}

const Variable* ScopeIndex::lookup(std::string_view name, const Node* at) const {
  auto it = variable_index_.find(std::pair<int, std::string>{scope_at(name, at), std::string(name)});
  return it == variable_index_.end() ? nullptr : &variables_[it->second];
}

bool ScopeIndex::may_assign_ifs(const Node* at) const {
  if (has_opaque_code()) return true;
  const Variable* ifs = lookup("IFS", at);
  if (ifs == nullptr) return false;
  return std::any_of(ifs->definitions.begin(), ifs->definitions.end(),
                     [](const Definition& definition) { return !definition.temporary; });
}

const std::vector<const Node*>& ScopeIndex::calls(std::string_view function) const {
  static const std::vector<const Node*> none;
  auto index = function_by_name_.find(std::string(function));
  if (index == function_by_name_.end()) return none;
  auto it = calls_.find(index->second);
  return it == calls_.end() ? none : it->second;
}

const Function* ScopeIndex::function(std::string_view name) const {
  auto it = function_by_name_.find(std::string(name));
  return it == function_by_name_.end() ? nullptr : &functions_[it->second];
}

Variable& ScopeIndex::variable_at(std::string_view name, const Node* at) {
  int scope = scope_at(name, at);
  std::pair<int, std::string> key{scope, std::string(name)};
  auto it = variable_index_.find(key);
  if (it != variable_index_.end()) return variables_[it->second];
  variable_index_[key] = variables_.size();
  variables_.push_back(Variable{std::string(name), scope, {}, {}, {}});
  return variables_.back();
}

void ScopeIndex::define(std::string_view name, const Node* at, Definition definition) {
  variable_at(name, at).definitions.push_back(definition);
}

void ScopeIndex::collect(const Node* root) {
  visit(root, [&](const Node* node) {
    switch (node->kind) {
      case NodeKind::Assignment: {
        const Node* parent = tree_.parent(node);
        if (parent != nullptr && parent->is(NodeKind::ArrayLiteral)) return true;  // ksh compound member
        AssignmentView assignment(node);
        Definition definition{DefinitionKind::Value, node, nullptr, false};
        const Node* value = assignment.value();
        if (assignment.subscript() != nullptr || (value != nullptr && value->is(NodeKind::ArrayLiteral))) {
          definition.kind = DefinitionKind::Element;
        }
        if (value != nullptr && value->is(NodeKind::Word)) definition.value = value;
        if (assignment.appends() && definition.kind == DefinitionKind::Value) definition.kind = DefinitionKind::Input;
        definition.temporary = parent != nullptr && parent->is(NodeKind::SimpleCommand) && has_words(parent);
        define(node->text, node, definition);
        return true;
      }
      case NodeKind::Declaration:
        collect_declaration(node);
        return true;
      case NodeKind::SimpleCommand:
        collect_command(node);
        return true;
      case NodeKind::For:
      case NodeKind::Select:
        define(node->text, node, Definition{DefinitionKind::ForItem, node, node, false});
        return true;
      case NodeKind::ArithAssign:
      case NodeKind::ArithPreIncr:
      case NodeKind::ArithPostIncr: {
        const Node* target = arith_target(node);
        if (target != nullptr && target->is(NodeKind::ArithVariable)) {
          bool element = ArithVariableView(target).subscript() != nullptr;
          define(target->text, node,
                 Definition{element ? DefinitionKind::Element : DefinitionKind::Arithmetic, node, node, false});
        }
        return true;
      }
      case NodeKind::ArithVariable:
        variable_at(node->text, node).uses.push_back(node);
        return true;
      case NodeKind::ParamExp:
        if (is_identifier(node->text)) {
          variable_at(node->text, node).uses.push_back(node);
          ParamExpView param(node);
          if (param.op() == ParamOperator::AssignIfNull || param.op() == ParamOperator::Assign) {
            NodeSpan operands = param.operands();
            const Node* operand = operands.empty() ? nullptr : operands.back();
            define(node->text, node, Definition{DefinitionKind::Value, node, operand, false});
          }
        }
        return true;
      default:
        return true;
    }
  });
}

void ScopeIndex::collect_declaration(const Node* declaration) {
  std::vector<const Node*> words = command_words(declaration);
  std::vector<std::string> options;
  std::vector<std::string> names;
  for (size_t i = 1; i < words.size(); ++i) {
    std::optional<std::string> value = static_word_value(source_, words[i]);
    if (is_option_word(value)) {
      options.push_back(*value);
    } else if (value && is_identifier(*value)) {
      names.push_back(*value);
    }
  }
  VariableAttributes gained = declaration_attributes(declaration->text, options);
  auto merge = [&](std::string_view name) {
    VariableAttributes& a = variable_at(name, declaration).attributes;
    a.integer |= gained.integer;
    if (gained.integer_base != 10) a.integer_base = gained.integer_base;
    a.floating |= gained.floating;
    a.upper |= gained.upper;
    a.lower |= gained.lower;
    a.justified |= gained.justified;
    a.indexed_array |= gained.indexed_array;
    a.associative_array |= gained.associative_array;
    a.exported |= gained.exported;
    a.readonly |= gained.readonly;
  };
  for (const std::string& name : names) merge(name);
  for (const Node* kid : declaration->kids) {
    if (kid->is(NodeKind::Assignment)) merge(kid->text);
  }
}

void ScopeIndex::collect_command(const Node* command) {
  std::optional<std::string> name = command_name(source_, command);
  if (!name) return;
  if (auto it = function_by_name_.find(*name); it != function_by_name_.end()) calls_[it->second].push_back(command);
  std::vector<const Node*> words = command_words(command);
  if (*name == "eval" || *name == "." || *name == "source") {
    has_opaque_code_ = true;
  } else if (*name == "read") {
    ReadOptions read = read_options(dialect_);
    bool named = false;
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> value = static_word_value(source_, words[i]);
      if (value && value->size() > 1 && (*value)[0] == '-') {
        for (size_t k = 1; k < value->size(); ++k) {
          char letter = (*value)[k];
          if (read.with_argument.find(letter) == std::string_view::npos) continue;
          std::optional<std::string> argument =
              k + 1 < value->size() ? std::optional<std::string>(value->substr(k + 1))
                                    : (i + 1 < words.size() ? static_word_value(source_, words[++i]) : std::nullopt);
          if (letter == read.array_option && argument && is_identifier(*argument)) {
            define(*argument, command, Definition{DefinitionKind::Element, command, nullptr, false});
            named = true;
          }
          break;
        }
      } else if (value && is_identifier(*value)) {
        define(*value, command, Definition{DefinitionKind::Input, command, nullptr, false});
        named = true;
      }
    }
    if (!named) define("REPLY", command, Definition{DefinitionKind::Input, command, nullptr, false});
  } else if (*name == "getopts" && words.size() >= 3) {
    if (auto target = static_word_value(source_, words[2])) define(*target, command, Definition{DefinitionKind::Input, command, nullptr, false});
  } else if (*name == "printf" && words.size() >= 3 && static_word_value(source_, words[1]) == "-v") {
    if (auto target = static_word_value(source_, words[2])) define(*target, command, Definition{DefinitionKind::Input, command, nullptr, false});
  } else if (*name == "mapfile" || *name == "readarray") {
    std::optional<std::string> target = words.size() > 1 ? static_word_value(source_, words.back()) : std::nullopt;
    define(target && is_identifier(*target) ? *target : "MAPFILE", command,
           Definition{DefinitionKind::Element, command, nullptr, false});
  } else if (*name == "unset") {
    for (size_t i = 1; i < words.size(); ++i) {
      std::optional<std::string> value = static_word_value(source_, words[i]);
      if (value == "-f") return;
      if (value && is_identifier(*value)) define(*value, command, Definition{DefinitionKind::Unset, command, nullptr, false});
    }
  } else if (*name == "let") {
    for (size_t i = 1; i < words.size(); ++i) {
      std::string target = let_target(node_text(source_, words[i]));
      if (!target.empty()) define(target, command, Definition{DefinitionKind::Arithmetic, command, nullptr, false});
    }
  }
}

}  // namespace forklift
