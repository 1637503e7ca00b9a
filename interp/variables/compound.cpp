// Compound variables as ksh93 has them: x=( a=1 b=(c=2) ), typeset -C,
// ${x.a}, "$x" and typeset -p. The members are ordinary variables named
// x.a, x.b.c; x itself only carries the compound attribute.
#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/hash_key.h"
#include "interp/shell.h"

namespace forklift::interp {

namespace {

// Members shown as `typeset -X name=value` inside a compound's text.
constexpr uint32_t kTypedMember = kAttrNumeric | kAttrUpper | kAttrLower | kAttrReadonly | kAttrNameref;

// The direct members of compound `name`, in byte order of their names.
std::vector<std::string> member_names(VariableStore& vars, const std::string& name) {
  std::string prefix = name + ".";
  std::vector<std::string> members;
  auto collect = [&](const Scope& scope) {
    for (const auto& [var_name, var] : scope) {
      if (var_name.size() <= prefix.size() || var_name.compare(0, prefix.size(), prefix) != 0) continue;
      if (var_name.find_first_of(".[", prefix.size()) != std::string::npos) continue;
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
    if (kid->kind == NodeKind::Declaration) {
      run_declaration(kid, fmt::format("{}.", name));
      continue;
    }
    if (kid->kind != NodeKind::Assignment) {
      fatal(fmt::format("{}: a compound assignment holds NAME=VALUE items only", name), 2);
    }
    std::string member = fmt::format("{}.{}", name, kid->text);
    if (local) vars_.declare_local(member);
    assign_node(member, kid);
  }
}

void Shell::ensure_compound_element(std::string_view array, const std::string& element) {
  VarRef ref = vars_.resolve_for_write(array);
  Variable& var = *ref.var;
  if (var.attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", array));
  if (!var.is_array()) {
    var.attrs = (var.attrs & ~kAttrCompound) | kAttrIndexed;
    if (var.is_set) var.elements().indexed[0] = std::move(var.value);
    var.value.clear();
    var.is_set = false;
  }
  var.attrs |= kAttrCompoundElements;
  // The element is named after the array as resolved: its key follows that name.
  size_t open = element.starts_with(ref.name + "[") ? ref.name.size() : element.rfind('[');
  std::string_view key = std::string_view(element).substr(open + 1);
  key.remove_suffix(1);
  if (var.is_assoc()) var.elements().assoc.try_emplace(std::string(key));
  else var.elements().indexed.try_emplace(std::strtoll(std::string(key).c_str(), nullptr, 10));
  Variable* existing = vars_.find_raw(element);
  if (existing != nullptr && (existing->attrs & kAttrCompound)) return;
  // The elements of a function's local array are local too.
  if (vars_.depth() > 0 && ref.scope == vars_.depth()) vars_.declare_local(element);
  declare_compound(element);
}

void Shell::assign_compound_element(std::string_view array, const std::string& element, const Node* literal) {
  unset_compound_members(element);
  ensure_compound_element(array, element);
  assign_compound(element, literal);
}

void Shell::drop_compound_element(const std::string& array, std::string_view key) {
  std::string element = fmt::format("{}[{}]", array, key);
  Variable* var = vars_.find_raw(element);
  if (var == nullptr || !(var->attrs & kAttrCompound)) return;
  unset_compound_members(element);
  vars_.unset(element);
}

void Shell::drop_compound_elements(const std::string& array, Variable& var) {
  if (var.array) {
    for (const auto& [key, value] : var.array->indexed) drop_compound_element(array, std::to_string(key));
    for (const auto& [key, value] : var.array->assoc) drop_compound_element(array, key);
  }
  var.attrs &= ~(kAttrCompoundElements | kAttrCompoundArray);
}

const std::string* Shell::compound_element_value(const std::string& array, std::string_view key) {
  std::string element = fmt::format("{}[{}]", array, key);
  Variable* var = vars_.find_raw(element);
  if (var == nullptr || !(var->attrs & kAttrCompound)) return nullptr;
  return get_scalar(element);
}

void Shell::unset_compound_members(const std::string& name) {
  Variable* var = vars_.find_raw(name);
  if (var != nullptr && (var->attrs & kAttrCompoundElements)) {
    VarRef ref = vars_.resolve_for_write(name);
    drop_compound_elements(name, *ref.var);
    return;
  }
  if (var == nullptr || !(var->attrs & kAttrCompound)) return;
  for (const std::string& member : member_names(vars_, name)) {
    unset_compound_members(member);
    vars_.unset(member);
  }
}

// An array member of a compound at `indent`: `typeset -a e=(1 2)`, its
// elements one a line unless `one_line`, a compound element as its text.
std::string Shell::array_member_text(const std::string& member, const std::string& short_name, bool one_line, int indent,
                                     bool at_end) {
  std::string declared = describe_variable(member, false);  // "typeset -a x.e\n"
  declared.pop_back();
  declared.replace(declared.find(member), member.size(), short_name);
  Variable* var = vars_.find_raw(member);
  std::vector<std::pair<std::string, std::string>> elements;  // key as shown, value text
  bool compounds = false;
  if (var->array) {
    bool keyed = var->is_assoc() || (var->attrs & kAttrCompoundElements);
    size_t count = var->array->indexed.size() + var->array->assoc.size();
    // ksh ends every compound element's text with `;` but the last one's.
    auto add = [&](const std::string& key, const std::string& value) {
      std::string element = fmt::format("{}[{}]", member, key);
      Variable* compound = (var->attrs & kAttrCompoundElements) ? vars_.find_raw(element) : nullptr;
      std::string shown = keyed ? fmt::format("[{}]=", shell_quote(key)) : std::string();
      if (compound != nullptr && (compound->attrs & kAttrCompound)) {
        compounds = true;
        elements.emplace_back(shown, compound_text_at(element, one_line, indent + 1, elements.size() + 1 == count));
      } else {
        elements.emplace_back(shown, shell_quote(value));
      }
    };
    for (const auto& [k, v] : var->array->indexed) add(std::to_string(k), v);
    for (const auto& [k, v] : var->array->assoc) add(k, v);
  }
  std::string tabs(static_cast<size_t>(indent), '\t');
  if (elements.empty()) return one_line ? declared + (at_end ? "" : ";") : declared + "\n";
  if (!one_line) {
    std::string out = declared + "=(\n";
    for (const auto& [key, value] : elements) out += tabs + "\t" + key + value + "\n";
    return out + tabs + ")\n";
  }
  // ksh opens a list of compound elements with a blank and runs them together.
  std::string out = declared + (compounds ? "=( " : "=(");
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i > 0 && !compounds) out += ' ';
    out += elements[i].first + elements[i].second;
  }
  return out + ");";
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
      // ksh shows an empty compound member as nothing at all.
      if (member_names(vars_, member).empty()) {
        if (!one_line) out.resize(out.size() - tabs.size());
        continue;
      }
      out += short_name + "=" + compound_text_at(member, one_line, indent + 1, at_end && last);
      if (!one_line) out += "\n";
      continue;
    }
    if (var->is_array()) {
      out += array_member_text(member, short_name, one_line, indent + 1, at_end && last);
      continue;
    }
    if (var->attrs & kTypedMember) {
      std::string declared = describe_variable(member);  // "typeset -i x.n=1\n"
      declared.replace(declared.find(member), member.size(), short_name);
      if (one_line) {
        declared.pop_back();
        out += declared;
        if (!(last && at_end)) out += ";";
      } else {
        out += declared;
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
