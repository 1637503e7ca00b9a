// unset: variables, array elements and (-f) functions.
#include <optional>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

// unset a[k]: 1 when an associative array has no such element, as in ksh.
int unset_element(Shell& shell, const std::string& name, const std::string& sub) {
  VarRef ref = shell.vars().resolve(name);
  if (ref.var == nullptr) return 0;
  shell.vars().will_modify(ref.scope, ref.name, *ref.var);
  if (sub == "@" || sub == "*") {
    shell.unset_compound_members(ref.name);
    ref.var->array.reset();
    return 0;
  }
  if (!ref.var->array) {
    if (sub == "0" && !ref.var->is_array()) {
      ref.var->is_set = false;
      ref.var->value.clear();
    }
    return ref.var->is_assoc() ? 1 : 0;
  }
  std::string key = ref.var->is_assoc() ? sub : std::to_string(shell.eval_arith_int(sub));
  shell.drop_compound_element(ref.name, key);
  if (ref.var->is_assoc()) return ref.var->array->assoc.erase(key) == 0 ? 1 : 0;
  ref.var->array->indexed.erase(std::stoll(key));
  return 0;
}

int builtin_unset(Shell& shell, std::vector<std::string>& argv) {
  refuse_long_option(shell, argv);
  bool functions = false;
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    if (argv[i] == "-f") functions = true;
  }
  int status = 0;
  for (; i < argv.size(); ++i) {
    const std::string& name = argv[i];
    if (functions) {
      shell.unset_function(name);
      continue;
    }
    std::optional<std::string> subscript;
    std::string path = name;
    if (name.find_first_of(".[") != std::string::npos && shell.is_valid_path(name)) {
      path = shell.text_path(name, subscript, false);
    }
    if (subscript) {
      status |= unset_element(shell, path, *subscript);
      continue;
    }
    Variable* var = shell.vars().find_raw(path);
    if (var != nullptr && (var->attrs & kAttrReadonly)) {
      shell.error(fmt::format("unset: {}: is read only", name));
      status = 1;
      continue;
    }
    if (var != nullptr && var->is_nameref()) {
      VarRef ref = shell.vars().resolve(path);
      shell.vars().unset(ref.name);
      continue;
    }
    shell.run_unset_discipline(path);
    shell.unset_compound_members(path);
    shell.vars().unset(path);
    shell.note_variable_change(path);
  }
  return status;
}

}  // namespace

void register_unset_builtin(BuiltinTable& table) {
  table["unset"] = Builtin{builtin_unset, true};
}

}  // namespace forklift::interp
