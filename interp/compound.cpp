// Compound variables as ksh93 has them: x=( a=1 b=(c=2) ), typeset -C,
// ${x.a}, "$x" and typeset -p. The members are ordinary variables named
// x.a, x.b.c; x itself only carries the compound attribute.
#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins.h"
#include "interp/hash_key.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

// The direct members of compound `name`, in byte order of their names.
std::vector<std::string> member_names(VariableStore& vars, const std::string& name) {
  std::string prefix = name + ".";
  std::vector<std::string> members;
  auto collect = [&](const Scope& scope) {
    for (const auto& [var_name, var] : scope) {
      if (var_name.size() <= prefix.size() || var_name.compare(0, prefix.size(), prefix) != 0) continue;
      if (var_name.find('.', prefix.size()) != std::string::npos) continue;
      if (!var.is_set && !var.is_array() && !(var.attrs & kAttrCompound)) continue;
      if (std::find(members.begin(), members.end(), var_name) == members.end()) members.push_back(var_name);
    }
  };
  collect(vars.global());
  if (vars.depth() > 0) collect(vars.innermost());
  std::sort(members.begin(), members.end());
  return members;
}

}  // namespace

void Shell::declare_compound(std::string_view name) {
  VarRef ref = vars_.resolve_for_write(name);
  if (ref.var->attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", name));
  ref.var->attrs = (ref.var->attrs & kAttrExport) | kAttrCompound;
  ref.var->array.reset();
  ref.var->value.clear();
  ref.var->is_set = false;
}

void Shell::assign_compound(std::string_view name, const Node* literal) {
  declare_compound(name);
  // Members of a function's local compound are local too.
  bool local = vars_.depth() > 0 && vars_.innermost().contains(hash_key(name));
  for (const Node* kid : literal->kids) {
    if (kid->kind != NodeKind::Assignment) {
      fatal(fmt::format("{}: a compound assignment holds NAME=VALUE items only", name), 2);
    }
    std::string member = fmt::format("{}.{}", name, kid->text);
    const Node* value = kid->kids.empty() ? nullptr : kid->kids[0];
    bool append = kid->op == "+=";
    if (local) vars_.declare_local(member);
    if (value != nullptr && value->kind == NodeKind::ArrayLiteral) {
      assign_array(member, value, append);
    } else {
      assign(member, value != nullptr ? expand_assignment_value(value) : std::string(), append);
    }
  }
}

void Shell::unset_compound_members(const std::string& name) {
  Variable* var = vars_.find_raw(name);
  if (var == nullptr || !(var->attrs & kAttrCompound)) return;
  for (const std::string& member : member_names(vars_, name)) {
    unset_compound_members(member);
    vars_.unset(member);
  }
}

// one_line: typeset -p's form `(a=1;b=(c=2;))`; else the indented form of
// "$x" and print -v, one member a line.
std::string Shell::compound_text(const std::string& name, bool one_line, int indent) {
  return compound_text_at(name, one_line, indent, true);
}

// `at_end`: nothing follows this compound in the whole text; ksh leaves out
// the `;` after the very last member only.
std::string Shell::compound_text_at(const std::string& name, bool one_line, int indent, bool at_end) {
  std::vector<std::string> members = member_names(vars_, name);
  std::string out = one_line ? "(" : "(\n";
  std::string tabs(static_cast<size_t>(indent) + 1, '\t');
  for (size_t i = 0; i < members.size(); ++i) {
    const std::string& member = members[i];
    std::string short_name = member.substr(name.size() + 1);
    Variable* var = vars_.find_raw(member);
    bool last = i + 1 == members.size();
    if (!one_line) out += tabs;
    if (var->attrs & kAttrCompound) {
      out += short_name + "=" + compound_text_at(member, one_line, indent + 1, at_end && last);
      if (!one_line) out += "\n";
      continue;
    }
    if (var->is_array()) {
      std::string declared = describe_variable(member);  // "typeset -a x.e=(1 2)\n"
      declared.pop_back();
      size_t dot = declared.find(member);
      declared.replace(dot, member.size(), short_name);
      if (one_line) {
        out += declared + ";";
      } else {
        // Elements one a line, as ksh prints them.
        size_t open = declared.find("=(");
        out += declared.substr(0, open + 2) + "\n";
        const ArrayData& data = *var->array;
        for (const auto& [k, v] : data.indexed) out += tabs + "\t" + shell_quote(v) + "\n";
        for (const auto& [k, v] : data.assoc) out += fmt::format("{}\t[{}]={}\n", tabs, shell_quote(k), shell_quote(v));
        out += tabs + ")\n";
      }
      continue;
    }
    out += short_name + "=" + shell_quote(var->value);
    if (one_line) {
      if (!(last && at_end)) out += ";";
    } else {
      out += "\n";
    }
  }
  if (!one_line) out += std::string(static_cast<size_t>(indent), '\t');
  out += ")";
  return out;
}

}  // namespace forklift::interp
