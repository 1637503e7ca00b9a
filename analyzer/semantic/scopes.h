// Functions, scopes and variables: where each variable is defined and used,
// and the attributes its declarations give it.
//
// Scoping follows the target shell: in bash, mksh and dash every function's
// `local`/`typeset`/`declare` makes a local; in ksh93 only functions written
// `function name {` have local scope (static: names they do not declare refer
// to globals), while `name()` functions share the caller's variables.
// A variable is identified by (scope, name); scope 0 is the global scope.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "analyzer/ast.h"
#include "analyzer/dialect.h"
#include "analyzer/semantic/tree_index.h"

namespace forklift {

enum class DefinitionKind {
  Value,       // `x=word`, `typeset x=word`, `${x:=word}`: value is the Word (null for `x=`)
  Arithmetic,  // `(( x = e ))`, `(( x++ ))`, `let x+=1`: value is the arithmetic node (null for let)
  ForItem,     // `for x in words`: value is the For node
  Input,       // `read x`, `getopts o x`, `printf -v x`, `mapfile x`: unknown text
  Unset,       // `unset x`
  Element,     // `x[i]=v`, `x=(a b)`: the variable is an array
};

struct Definition {
  DefinitionKind kind = DefinitionKind::Value;
  const Node* node = nullptr;   // the Assignment, Arith*, For, ParamExp or command
  const Node* value = nullptr;  // see DefinitionKind
  bool temporary = false;       // a prefix assignment of a command with a name (`x=1 cmd`)
};

struct VariableAttributes {
  bool integer = false;  // integer, typeset -i, declare -i, local -i
  int integer_base = 10; // typeset -i16 prints 16#ff
  bool floating = false; // float, typeset -F/-E
  bool upper = false;    // typeset -u
  bool lower = false;    // typeset -l
  bool justified = false; // ksh typeset -L, -R, -Z: values are padded or cut
  bool indexed_array = false;
  bool associative_array = false;
  bool exported = false;
  bool readonly = false;
};

struct Variable {
  std::string name;
  int scope = 0;
  VariableAttributes attributes;
  std::vector<Definition> definitions;  // in source order
  std::vector<const Node*> uses;        // ParamExp and ArithVariable nodes, in source order
};

struct Function {
  std::string name;
  const Node* node = nullptr;  // the FunctionDef
  bool local_scope = false;    // its declarations make locals
};

class ScopeIndex {
 public:
  ScopeIndex(std::string_view source, const TreeIndex& tree, Dialect dialect);

  // The variable `name` refers to at `at` (global when not declared local in
  // the enclosing function); nullptr when it is never defined nor used.
  const Variable* lookup(std::string_view name, const Node* at) const;
  // Whether `IFS` may differ from its default at `at`: the script assigns it
  // (other than for one command), or runs code the model cannot see.
  bool may_assign_ifs(const Node* at) const;
  int scope_at(std::string_view name, const Node* at) const;
  const std::vector<Variable>& variables() const { return variables_; }

  const Function* function(std::string_view name) const;
  const std::vector<Function>& functions() const { return functions_; }
  // The commands that call a function by its name, in source order.
  const std::vector<const Node*>& calls(std::string_view function) const;

  // The script runs code the model cannot see assign variables: `eval`, `.`, `source`.
  bool has_opaque_code() const { return has_opaque_code_; }

 private:
  void collect_functions(const Node* root);
  void collect_locals(const Node* root);
  void collect(const Node* root);
  void collect_command(const Node* command);
  void collect_declaration(const Node* declaration);
  Variable& variable_at(std::string_view name, const Node* at);
  void define(std::string_view name, const Node* at, Definition definition);

  std::string_view source_;
  const TreeIndex& tree_;
  Dialect dialect_;
  std::vector<Function> functions_;
  absl::flat_hash_map<const Node*, int> scope_of_function_;  // FunctionDef -> scope id
  absl::flat_hash_map<std::string, int> function_by_name_;
  absl::flat_hash_map<int, std::vector<const Node*>> calls_;  // by index in functions_
  // (scope, name) of every local declaration
  absl::flat_hash_map<std::pair<int, std::string>, bool> locals_;
  absl::flat_hash_map<std::pair<int, std::string>, size_t> variable_index_;
  std::vector<Variable> variables_;
  bool has_opaque_code_ = false;
};

// Parses typeset-style option words (`-i`, `-F2`, `-ux`, `+i`) into attributes;
// `command` is the declaration's name (`integer`, `float`, `local`, ...).
VariableAttributes declaration_attributes(std::string_view command, const std::vector<std::string>& options);

}  // namespace forklift
