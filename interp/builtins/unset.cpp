// unset: variables, array elements and (-f) functions.
#include <fmt/format.h>

#include "interp/builtins/builtins.h"

namespace forklift::interp {

namespace {

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
    size_t bracket = name.find('[');
    if (bracket != std::string::npos && name.back() == ']') {
      std::string base = name.substr(0, bracket);
      std::string sub = name.substr(bracket + 1, name.size() - bracket - 2);
      VarRef ref = shell.vars().resolve(base);
      if (ref.var == nullptr) continue;
      shell.vars().will_modify(ref.scope, ref.name, *ref.var);
      if (sub == "@" || sub == "*") {
        ref.var->array.reset();
        continue;
      }
      if (!ref.var->array) {
        if (sub == "0" && !ref.var->is_array()) {
          ref.var->is_set = false;
          ref.var->value.clear();
        }
        continue;
      }
      if (ref.var->is_assoc()) ref.var->array->assoc.erase(sub);
      else ref.var->array->indexed.erase(shell.eval_arith_int(sub));
      continue;
    }
    Variable* var = shell.vars().find_raw(name);
    if (var != nullptr && (var->attrs & kAttrReadonly)) {
      shell.error(fmt::format("unset: {}: is read only", name));
      status = 1;
      continue;
    }
    if (var != nullptr && var->is_nameref()) {
      VarRef ref = shell.vars().resolve(name);
      shell.vars().unset(ref.name);
      continue;
    }
    shell.run_unset_discipline(name);
    shell.unset_compound_members(name);
    shell.vars().unset(name);
    shell.note_variable_change(name);
  }
  return status;
}

}  // namespace

void register_unset_builtin(BuiltinTable& table) {
  table["unset"] = Builtin{builtin_unset, true};
}

}  // namespace forklift::interp
