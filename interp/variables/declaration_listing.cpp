// What typeset, export and readonly print: `typeset -p NAME`, and the
// listings of every variable when no name is given, in ksh93u+m's formats.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/variables/declaration_flags.h"

namespace forklift::interp {

namespace {

// One attribute as typeset -p shows it (an option) and as a bare typeset
// does (a word), in the order ksh93u+m prints them.
struct AttributeName {
  uint32_t attr;
  const char* option;
  const char* word;
};

// -u is "unsigned" on a number and "toupper" on a string: it has a place of
// each kind in the list, and the one that does not apply is skipped.
constexpr AttributeName kAttributeNames[] = {
    {kAttrCompoundArray, "-C", "compound"},    {kAttrNameref, "-n", "nameref"},
    {kAttrExport, "-x", "export"},             {kAttrReadonly, "-r", "readonly"},
    {kAttrTagged, "-t", "tagged"},             {kAttrIndexed, "-a", "indexed array"},
    {kAttrAssoc, "-A", "associative array"},   {kAttrFloatE, "-E", "exponential"},
    {kAttrFloatF, "-F", "float"},              {kAttrFloatX, "-X", "hexfloat"},
    {kAttrUpper | kAttrNumeric, "-u", "unsigned"},
    {kAttrInteger, "-i", "integer"},           {kAttrHostName, "-H", "filename"},
    {kAttrLower, "-l", "tolower"},             {kAttrUpper, "-u", "toupper"},
};

// The attributes of `var` as options ("-x -i 8 ") or as words ("export integer base 8 ").
std::string attribute_text(const Variable& var, bool words) {
  std::string text;
  bool numeric = (var.attrs & kAttrNumeric) != 0;
  for (const AttributeName& a : kAttributeNames) {
    if (a.attr == (kAttrUpper | kAttrNumeric)) {
      if (!numeric || !(var.attrs & kAttrUpper)) continue;
    } else if (!(var.attrs & a.attr) || (a.attr == kAttrUpper && numeric)) {
      continue;
    }
    text += words ? a.word : a.option;
    text += ' ';
    bool base = a.attr == kAttrInteger && var.precision >= 2 && var.precision != 10;
    bool digits = (a.attr == kAttrFloatE || a.attr == kAttrFloatF) && var.precision >= 0 && var.precision != 10;
    // -X always shows its digits, 32 by default.
    bool hex = a.attr == kAttrFloatX;
    int precision = hex && var.precision < 0 ? 32 : var.precision;
    if (base || digits || hex) text += fmt::format("{}{} ", words ? (base ? "base " : "precision ") : "", precision);
  }
  if (var.justify != 0) {
    auto width = [&](const char* option, const char* word) {
      text += fmt::format("{} {} ", words ? word : option, var.width);
    };
    if (var.justify == 'Z' || var.justify == 'z') width("-Z", "zerofill");
    if (var.justify == 'L' || var.justify == 'z') width("-L", "leftjust");
    else width("-R", "rightjust");
  }
  return text;
}

// The names a listing covers: the global ones and those of the function
// running, sorted as ksh sorts them (by bytes).
std::vector<std::string> visible_names(VariableStore& vars) {
  std::vector<std::string> names;
  for (const auto& [name, var] : vars.global()) names.push_back(name);
  if (vars.depth() > 0) {
    for (const auto& [name, var] : vars.innermost()) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace

namespace {

// An element written NAME=VALUE would read back as a compound's member:
// ksh93u+m writes NAME\=VALUE.
std::string escaped_assignment(std::string text) {
  size_t end = 0;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) != 0 || text[end] == '_')) ++end;
  bool name = end > 0 && std::isdigit(static_cast<unsigned char>(text[0])) == 0;
  if (name && end < text.size() && text[end] == '=') text.insert(end, 1, '\\');
  return text;
}

}  // namespace

bool Shell::variable_value_text(const std::string& name, Variable& var, std::string& value) {
  if (var.is_array() && !var.is_assoc() && !var.array) return false;  // declared, never given elements
  if (var.is_array()) {
    std::string list = "(";
    if (var.array) {
      // A compound element shows as its one-line text.
      auto element = [&](std::string_view key, const std::string& v) {
        if (var.attrs & kAttrCompoundElements) {
          std::string element_name = fmt::format("{}[{}]", name, key);
          Variable* compound = vars_.find_raw(element_name);
          if (compound != nullptr && (compound->attrs & kAttrCompound)) return compound_text(element_name, true, 0);
        }
        return shell_quote(v);
      };
      if (var.is_assoc()) {
        for (const auto& [k, v] : var.array->assoc) list += fmt::format("[{}]={} ", shell_quote(k), element(k, v));
      } else {
        // A sparse array (a gap in 0..n-1) names every subscript, as ksh does.
        const auto& items = var.array->indexed;
        bool dense = items.empty() || (items.begin()->first == 0 &&
                                       items.rbegin()->first == static_cast<int64_t>(items.size()) - 1);
        for (const auto& [k, v] : items) {
          std::string text = element(std::to_string(k), v);
          list += dense ? escaped_assignment(text) + " " : fmt::format("[{}]={} ", k, text);
        }
      }
    }
    if (list.back() == ' ') list.pop_back();
    list += ")";
    value = std::move(list);
    return true;
  }
  if (var.attrs & kAttrDiscipline) {
    const std::string* read = get_scalar(name);  // through the get discipline
    if (read == nullptr) return false;
    value = shell_quote(*read);
    return true;
  }
  if (!var.is_set) return false;
  value = shell_quote(var.value);
  return true;
}

std::string Shell::describe_variable(const std::string& name, bool with_value) {
  Variable* var = vars_.find_raw(name);
  if (var == nullptr) return {};
  if (var->attrs & kAttrCompound) {
    return with_value ? fmt::format("typeset -C {}={}\n", name, compound_text(name, true, 0))
                      : fmt::format("typeset -C {}\n", name);
  }
  std::string flags = attribute_text(*var, false);
  std::string value;
  if (!with_value) return flags.empty() ? name + "\n" : fmt::format("typeset {}{}\n", flags, name);
  if (!variable_value_text(name, *var, value)) {
    return flags.empty() ? std::string() : fmt::format("typeset {}{}\n", flags, name);
  }
  if (flags.empty()) return fmt::format("{}={}\n", name, value);
  return fmt::format("typeset {}{}={}\n", flags, name, value);
}

// typeset, export or readonly without a name: every variable that has the
// attributes asked for, as `export -p` (a command per line), a bare typeset
// (attribute words), +OPTION (names) or -OPTION (NAME=VALUE) shows it.
std::string Shell::list_variables(std::string_view command, const DeclFlags& flags) {
  uint32_t wanted = flags.set | flags.clear;
  bool bare = wanted == 0 && flags.justify == 0 && command == "typeset";
  std::string out;
  for (const std::string& name : visible_names(vars_)) {
    Variable* var = vars_.find_raw(name);
    if (var == nullptr || (var->attrs & kAttrDynamic)) continue;
    if ((var->attrs & wanted) != wanted || (flags.justify != 0 && var->justify != flags.justify)) continue;
    if (!var->is_set && !var->is_array() && var->attrs == 0) continue;
    if (flags.print && command == "typeset") {
      out += describe_variable(name, !flags.names_only);
      continue;
    }
    if (bare) {
      out += attribute_text(*var, true) + name + "\n";
      continue;
    }
    std::string value;
    bool has_value = !flags.names_only && variable_value_text(name, *var, value);
    if (flags.print) out += std::string(command) + " ";
    out += has_value ? fmt::format("{}={}\n", name, value) : name + "\n";
  }
  return out;
}

}  // namespace forklift::interp
