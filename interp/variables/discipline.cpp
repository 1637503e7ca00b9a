// Discipline functions as ksh93 runs them: `function x.get`, `x.set`,
// `x.append` and `x.unset` are called when the variable x (also an array,
// with ${.sh.subscript}, or a compound member `c.m`) is read, assigned,
// appended to or unset.
//
// Defining one marks the variable with kAttrDiscipline (creating it unset
// when needed), so reads and writes of every other variable never look here:
// the general get_scalar/assign paths already test the attribute bits.
// While a discipline of x runs, x is read and written directly (no
// recursion), as in ksh. The discipline sees ${.sh.name}, ${.sh.subscript}
// and ${.sh.value}: for get, .sh.value starts unset and, if the function
// sets it, is what the read returns; for set and append it holds the new
// value (the appended text) and is what gets stored; unsetting it cancels
// the assignment. `unset x` calls x.unset, then unsets x and with it the
// disciplines.
#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "interp/shell.h"

namespace forklift::interp {

namespace {

constexpr std::string_view kDisciplineKinds[] = {"get", "set", "append", "unset"};

// ${.sh.subscript} and ${.sh.value} of the caller's discipline, put back
// when a nested one ends; ${.sh.name} is unset after any discipline, as ksh
// leaves it.
class ShVariables {
 public:
  explicit ShVariables(Shell& shell) : shell_(shell) {
    for (size_t i = 1; i < kNames.size(); ++i) {
      if (const std::string* value = raw(kNames[i])) saved_[i] = *value;
    }
  }
  ~ShVariables() {
    for (size_t i = 0; i < kNames.size(); ++i) set(kNames[i], saved_[i]);
  }
  ShVariables(const ShVariables&) = delete;
  ShVariables& operator=(const ShVariables&) = delete;

  void set(std::string_view name, const std::optional<std::string>& value) {
    if (value) {
      shell_.set_scalar(name, *value);
    } else if (shell_.vars().find_raw(name) != nullptr) {
      shell_.vars().unset(name);
    }
  }
  std::optional<std::string> value() {
    const std::string* value = raw(".sh.value");
    return value != nullptr ? std::optional<std::string>(*value) : std::nullopt;
  }

 private:
  static constexpr std::array<std::string_view, 3> kNames = {".sh.name", ".sh.subscript", ".sh.value"};
  const std::string* raw(std::string_view name) {
    Variable* var = shell_.vars().find_raw(name);
    return var != nullptr && var->is_set ? &var->value : nullptr;
  }
  Shell& shell_;
  std::array<std::optional<std::string>, 3> saved_;
};

}  // namespace

// While it lives, the disciplines of `name` are not applied.
class Shell::DisciplineGuard {
 public:
  DisciplineGuard(Shell& shell, const std::string& name) : shell_(shell) { shell_.disciplines_running_.push_back(name); }
  ~DisciplineGuard() { shell_.disciplines_running_.pop_back(); }
  DisciplineGuard(const DisciplineGuard&) = delete;
  DisciplineGuard& operator=(const DisciplineGuard&) = delete;

 private:
  Shell& shell_;
};

void Shell::define_discipline(std::string_view function_name) {
  size_t dot = function_name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return;
  std::string_view kind = function_name.substr(dot + 1);
  if (std::find(std::begin(kDisciplineKinds), std::end(kDisciplineKinds), kind) == std::end(kDisciplineKinds)) return;
  std::string_view variable = function_name.substr(0, dot);
  if (!is_valid_name(variable)) return;
  vars_.resolve_for_write(variable).var->attrs |= kAttrDiscipline;
}

bool Shell::discipline_applies(std::string_view name) const {
  return std::find(disciplines_running_.begin(), disciplines_running_.end(), name) == disciplines_running_.end();
}

std::optional<std::string> Shell::call_discipline(const Node* function, const std::string& name,
                                                  const std::string* subscript, std::optional<std::string> value) {
  ShVariables sh(*this);
  sh.set(".sh.name", name);
  sh.set(".sh.subscript", subscript != nullptr ? std::optional<std::string>(*subscript) : std::nullopt);
  sh.set(".sh.value", value);
  std::vector<std::string> argv{std::string(function->text)};
  int saved_status = last_status_;
  run_function(function->text, function, argv);
  last_status_ = saved_status;
  return sh.value();
}

const std::string* Shell::read_through_discipline(const VarRef& ref, std::string_view name,
                                                  const std::string* subscript) {
  DisciplineGuard guard(*this, ref.name);
  const std::string* raw = subscript != nullptr ? element_value(ref.name, *subscript) : get_scalar(name);
  const Node* get = find_function(ref.name + ".get");
  if (get == nullptr) return raw;
  std::optional<std::string> raw_copy = raw != nullptr ? std::optional<std::string>(*raw) : std::nullopt;
  std::optional<std::string> result = call_discipline(get, ref.name, subscript, std::nullopt);
  discipline_result_ = result ? std::move(*result) : raw_copy.value_or(std::string());
  return result || raw_copy ? &discipline_result_ : nullptr;
}

bool Shell::assign_through_discipline(const VarRef& ref, const std::string* subscript, std::string_view value,
                                      bool append) {
  const Node* function = find_function(ref.name + (append ? ".append" : ".set"));
  if (function == nullptr) return false;
  DisciplineGuard guard(*this, ref.name);
  std::optional<std::string> stored = call_discipline(function, ref.name, subscript, std::string(value));
  if (!stored) return true;  // the discipline unset .sh.value: no assignment
  if (subscript != nullptr) assign_element(ref.name, *subscript, *stored, append);
  else assign(ref.name, *stored, append);
  return true;
}

void Shell::run_unset_discipline(std::string_view name) {
  Variable* var = vars_.find_raw(name);
  if (var == nullptr || !(var->attrs & kAttrDiscipline) || !discipline_applies(name)) return;
  std::string variable(name);
  const Node* function = find_function(variable + ".unset");
  if (function == nullptr) return;
  DisciplineGuard guard(*this, variable);
  call_discipline(function, variable, nullptr, std::nullopt);
}

const std::string* Shell::element_value(const std::string& array, const std::string& key) {
  Variable* var = vars_.find_raw(array);
  if (var == nullptr || !var->array) return nullptr;
  if (var->is_assoc()) {
    auto it = var->array->assoc.find(key);
    return it == var->array->assoc.end() ? nullptr : &it->second;
  }
  auto it = var->array->indexed.find(eval_arith_int(key));
  return it == var->array->indexed.end() ? nullptr : &it->second;
}

}  // namespace forklift::interp
