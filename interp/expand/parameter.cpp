// ${...}: parameter values and every operator of the AST.
#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "interp/errors.h"
#include "interp/expand/expander.h"
#include "interp/text/locale_text.h"

namespace forklift::interp {

namespace {

struct ParamValue {
  bool set = false;
  bool is_list = false;  // $@ $* ${a[@]} ${a[*]}
  bool star = false;     // joined with IFS when quoted
  std::string scalar;
  std::vector<std::string> list;
};

const Node* find_subscript(const Node* param) {
  for (const Node* kid : param->kids) {
    if (kid->kind == NodeKind::Subscript) return kid;
  }
  return nullptr;
}

// "@" or "*" when the subscript is [@] / [*].
char list_subscript(const Node* subscript) {
  if (subscript == nullptr || subscript->kids.empty()) return 0;
  const Node* word = subscript->kids[0];
  if (word->kids.size() == 1 && word->kids[0]->kind == NodeKind::Literal) {
    std::string_view t = word->kids[0]->text;
    if (t == "@" || t == "*") return t[0];
  }
  return 0;
}

bool is_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string option_letters(const ShellOptions& o) {
  std::string s;
  if (o.allexport) s += 'a';
  if (o.errexit) s += 'e';
  if (o.noglob) s += 'f';
  if (o.noexec) s += 'n';
  if (o.nounset) s += 'u';
  if (o.verbose) s += 'v';
  if (o.xtrace) s += 'x';
  if (o.noclobber) s += 'C';
  s += 'B';
  return s;
}

// Longest/shortest prefix or suffix removal with a pattern. Only character
// boundaries are tried (every byte outside UTF-8 mode).
std::string remove_pattern(const std::string& value, const std::string& pattern, std::string_view op) {
  bool prefix = op[0] == '#';
  bool longest = op.size() == 2;
  std::string_view v(value);
  size_t n = v.size();
  bool bytes = !text::utf8() || text::is_ascii(v);
  auto boundary = [&](size_t pos) { return bytes || text::is_char_start(v, pos); };
  if (prefix) {
    if (longest) {
      for (size_t len = n + 1; len-- > 0;) {
        if (boundary(len) && Shell::pattern_match(pattern, v.substr(0, len))) return value.substr(len);
      }
    } else {
      for (size_t len = 0; len <= n; ++len) {
        if (boundary(len) && Shell::pattern_match(pattern, v.substr(0, len))) return value.substr(len);
      }
    }
  } else {
    if (longest) {
      for (size_t start = 0; start <= n; ++start) {
        if (boundary(start) && Shell::pattern_match(pattern, v.substr(start))) return value.substr(0, start);
      }
    } else {
      for (size_t start = n + 1; start-- > 0;) {
        if (boundary(start) && Shell::pattern_match(pattern, v.substr(start))) return value.substr(0, start);
      }
    }
  }
  return value;
}

std::string substitute(const std::string& value, const std::string& pattern, const std::string& replacement,
                       std::string_view op) {
  bool global = op == "//";
  bool anchor_start = op == "/#";
  bool anchor_end = op == "/%";
  std::string_view v(value);
  size_t n = v.size();
  bool bytes = !text::utf8() || text::is_ascii(v);
  auto boundary = [&](size_t pos) { return bytes || text::is_char_start(v, pos); };
  if (anchor_start) {
    for (size_t len = n + 1; len-- > 0;) {
      if (boundary(len) && Shell::pattern_match(pattern, v.substr(0, len))) return replacement + value.substr(len);
    }
    return value;
  }
  if (anchor_end) {
    for (size_t start = 0; start <= n; ++start) {
      if (boundary(start) && Shell::pattern_match(pattern, v.substr(start))) return value.substr(0, start) + replacement;
    }
    return value;
  }
  std::string out;
  size_t i = 0;
  bool replaced = false;
  // An empty match right where a non-empty one ended is not another match
  // (ksh: a=a,b; ${a//*/X} is X, not XX).
  size_t nonempty_match_end = std::string::npos;
  while (i <= n) {
    if (replaced && !global) break;
    size_t match_len = std::string::npos;
    for (size_t len = n - i + 1; len-- > 0;) {
      if (boundary(i + len) && Shell::pattern_match(pattern, v.substr(i, len))) {
        match_len = len;
        break;
      }
    }
    size_t step = i < n ? text::char_length(v, i) : 1;
    if (match_len == std::string::npos || (match_len == 0 && (pattern.empty() || i == nonempty_match_end))) {
      if (i < n) out.append(v.substr(i, step));
      i += step;
      continue;
    }
    out += replacement;
    replaced = true;
    if (match_len == 0) {
      if (i < n) out.append(v.substr(i, step));
      i += step;
    } else {
      i += match_len;
      nonempty_match_end = i;
    }
  }
  if (i < n) out.append(v.substr(i));
  return out;
}

}  // namespace

void Expander::parameter(const Node* param, bool quoted) {
  std::string_view name = param->text;
  std::string_view op = param->op;
  const Node* subscript = find_subscript(param);
  std::string member_name;
  if (subscript != nullptr && name.find('[') != std::string_view::npos) {
    // ${a[1].x}: a member of an element of an array of compound variables.
    member_name = shell.element_member_name(name, subscript);
    name = member_name;
    subscript = nullptr;
  }
  std::vector<const Node*> operands;
  for (const Node* kid : param->kids) {
    if (kid->kind == NodeKind::Word) operands.push_back(kid);
  }
  char list_sub = list_subscript(subscript);
  const bool indirect = (param->flags & kParamIndirect) != 0;
  const bool length = (param->flags & kParamLength) != 0;

  // ${!prefix*} / ${!prefix@}: names of variables.
  if (indirect && (op == "*" || op == "@") && subscript == nullptr) {
    std::vector<std::string> names;
    std::string prefix(name);
    for (const auto& [var_name, var] : shell.vars().global()) {
      if (var_name.compare(0, prefix.size(), prefix) == 0 && (var.is_set || var.is_array() || (var.attrs & kAttrCompound))) {
        names.push_back(var_name);
      }
    }
    std::sort(names.begin(), names.end());
    std::string joined;
    for (size_t i = 0; i < names.size(); ++i) {
      if (quoted && op == "@") {
        if (i > 0) break_field();
        add_quoted(names[i]);
      } else {
        if (i > 0) joined += ' ';
        joined += names[i];
      }
    }
    if (!(quoted && op == "@")) {
      if (quoted) add_quoted(joined);
      else add_unquoted(joined);
    }
    return;
  }

  ParamValue value;
  if (indirect && list_sub != 0) {
    // ${!a[@]}: the subscripts.
    value.is_list = true;
    value.star = list_sub == '*';
    value.set = true;
    VarRef ref = shell.vars().resolve(name);
    if (ref.var != nullptr) {
      if (ref.var->array) {
        if (ref.var->is_assoc()) {
          for (const auto& [k, v] : ref.var->array->assoc) value.list.push_back(k);
        } else {
          for (const auto& [k, v] : ref.var->array->indexed) value.list.push_back(std::to_string(k));
        }
      } else if (ref.var->is_set || (ref.var->attrs & kAttrCompound)) {
        value.list.push_back("0");
      }
    }
  } else if (indirect) {
    // ${!ref}: the name a nameref points to (ksh93), else the name itself.
    value.set = true;
    Variable* raw = shell.vars().find_raw(name);
    value.scalar = raw != nullptr && raw->is_nameref() ? raw->value : std::string(name);
  } else if (name == "@" || name == "*") {
    value.is_list = true;
    value.star = name == "*";
    value.set = !shell.positional().empty();
    value.list = shell.positional();
  } else if (name == "#") {
    value.set = true;
    value.scalar = std::to_string(shell.positional().size());
  } else if (name == "?") {
    value.set = true;
    value.scalar = std::to_string(shell.last_status());
  } else if (name == "$") {
    value.set = true;
    value.scalar = std::to_string(shell.shell_pid());
  } else if (name == "!") {
    value.set = shell.background_pid() != 0;
    if (value.set) value.scalar = std::to_string(shell.background_pid());
  } else if (name == "-") {
    value.set = true;
    value.scalar = option_letters(shell.options());
  } else if (name == "0") {
    value.set = true;
    value.scalar = shell.script_name();
  } else if (is_digits(name)) {
    size_t index = std::stoul(std::string(name));
    value.set = index <= shell.positional().size();
    if (value.set) value.scalar = shell.positional()[index - 1];
  } else if (name == "_") {
    value.set = true;
    value.scalar = shell.last_argument();
  } else if (name.size() > 4 && name.substr(0, 4) == ".sh.") {
    value = ParamValue{};
    if (!shell.special_sh_variable(name.substr(4), subscript, list_sub, value.scalar, value.list)) {
      // .sh.name, .sh.value, .sh.subscript of a discipline are ordinary variables.
      const std::string* v = shell.get_scalar(name);
      value.set = v != nullptr;
      if (v != nullptr) value.scalar = *v;
    } else {
      value.set = true;
      value.is_list = list_sub != 0;
      value.star = list_sub == '*';
    }
  } else if (list_sub != 0) {
    value.is_list = true;
    value.star = list_sub == '*';
    VarRef ref = shell.vars().resolve(name);
    if (ref.var != nullptr) {
      if (ref.var->array) {
        bool compounds = (ref.var->attrs & kAttrCompoundElements) != 0;
        bool discipline = (ref.var->attrs & kAttrDiscipline) && shell.discipline_applies(ref.name);
        auto element = [&](std::string_view key, const std::string& v) {
          const std::string* compound = compounds ? shell.compound_element_value(ref.name, key) : nullptr;
          if (discipline) {
            std::string subscript(key);
            const std::string* read = shell.read_through_discipline(ref, name, &subscript);
            value.list.push_back(read != nullptr ? *read : std::string());
            return;
          }
          value.list.push_back(compound != nullptr ? *compound : v);
        };
        if (ref.var->is_assoc()) {
          for (const auto& [k, v] : ref.var->array->assoc) element(k, v);
        } else {
          for (const auto& [k, v] : ref.var->array->indexed) element(std::to_string(k), v);
        }
      } else if (ref.var->is_set) {
        value.list.push_back(ref.var->value);
      } else if (ref.var->attrs & (kAttrDynamic | kAttrCompound)) {
        value.list.push_back(shell.get_value(name));
      }
    }
    value.set = !value.list.empty();
  } else if (subscript != nullptr) {
    VarRef ref = shell.vars().resolve(name);
    if (ref.var != nullptr) {
      const std::string* element = nullptr;
      std::string element_key;
      if (ref.var->is_assoc()) {
        std::string key = shell.subscript_key(subscript);
        element_key = key;
        if (ref.var->array) {
          auto it = ref.var->array->assoc.find(key);
          if (it != ref.var->array->assoc.end()) element = &it->second;
        }
      } else {
        int64_t index = shell.subscript_index(subscript);
        if (ref.var->array) {
          auto& items = ref.var->array->indexed;
          if (index < 0 && !items.empty()) index += items.rbegin()->first + 1;
          element_key = std::to_string(index);
          auto it = items.find(index);
          if (it != items.end()) element = &it->second;
        } else if (index == 0 && ref.var->is_set) {
          element = &ref.var->value;
        } else if (index == 0 && (ref.var->attrs & kAttrCompound)) {
          element = shell.get_scalar(ref.name);  // a compound variable is its own element 0
        }
      }
      if (element != nullptr && (ref.var->attrs & kAttrCompoundElements)) {
        if (const std::string* compound = shell.compound_element_value(ref.name, element_key)) element = compound;
      }
      if ((ref.var->attrs & kAttrDiscipline) && shell.discipline_applies(ref.name)) {
        element = shell.read_through_discipline(ref, name, &element_key);
      }
      if (element != nullptr) {
        value.set = true;
        value.scalar = *element;
      }
    }
  } else {
    const std::string* v = shell.get_scalar(name);
    if (v != nullptr) {
      value.set = true;
      value.scalar = *v;
    }
  }

  if (length) {
    std::string count;
    if (value.is_list) count = std::to_string(value.list.size());
    else count = std::to_string(text::char_count(value.scalar));
    if (!value.set && !value.is_list && shell.options().nounset && name != "#") {
      shell.fatal(fmt::format("{}: parameter not set", name));
    }
    if (quoted) add_quoted(count);
    else add_unquoted(count);
    return;
  }

  bool is_null = value.is_list ? value.list.empty() || (value.list.size() == 1 && value.list[0].empty())
                               : value.scalar.empty();
  if (op.empty() || op == "#" || op == "##" || op == "%" || op == "%%" || op[0] == '/' || op == ":" || op[0] == '^' ||
      op[0] == ',') {
    if (!value.set && shell.options().nounset && name != "@" && name != "*" && !(value.is_list)) {
      shell.fatal(fmt::format("{}: parameter not set", name));
    }
  }

  auto expand_operand = [&](const Node* operand) {
    if (quoted) {
      // Inside double quotes the operand behaves as if quoted itself.
      for (const Node* p : operand->kids) part(p, true);
      if (operand->kids.empty()) open = true;
    } else {
      // Unquoted operand text is split like an expansion result: ${u:-a b} is two fields.
      for (const Node* p : operand->kids) {
        if (p->kind != NodeKind::Literal) {
          part(p, false);
          continue;
        }
        std::string_view raw = p->text;
        size_t start = 0;
        for (size_t k = 0; k < raw.size(); ++k) {
          if (raw[k] != '\\' || k + 1 >= raw.size()) continue;
          add_unquoted(raw.substr(start, k - start));
          if (raw[k + 1] != '\n') add_quoted(raw.substr(k + 1, 1));
          start = k + 2;
          ++k;
        }
        add_unquoted(raw.substr(start));
      }
    }
  };

  if (op == "-" || op == ":-") {
    bool use_default = op == "-" ? !value.set : (!value.set || is_null);
    if (use_default) {
      if (!operands.empty()) expand_operand(operands[0]);
      else if (quoted) open = true;
      return;
    }
  } else if (op == "+" || op == ":+") {
    bool use_alternative = op == "+" ? value.set : (value.set && !is_null);
    if (use_alternative) {
      if (!operands.empty()) expand_operand(operands[0]);
      else if (quoted) open = true;
    } else if (quoted) {
      open = true;
    }
    return;
  } else if (op == "=" || op == ":=") {
    bool assign = op == "=" ? !value.set : (!value.set || is_null);
    if (assign) {
      std::string text = operands.empty() ? std::string() : shell.expand_to_string(operands[0]);
      if (subscript != nullptr) shell.assign_element(name, shell.subscript_key(subscript), text);
      else shell.assign(name, text);
      value.set = true;
      value.is_list = false;
      value.scalar = shell.get_value(name);
    }
  } else if (op == "?" || op == ":?") {
    bool fail = op == "?" ? !value.set : (!value.set || is_null);
    if (fail) {
      std::string message = operands.empty() ? std::string(value.set ? "parameter null" : "parameter not set")
                                             : shell.expand_to_string(operands[0]);
      if (operands.empty() && !value.set) message = "parameter not set";
      else if (operands.empty()) message = "parameter null";
      shell.fatal(fmt::format("{}: {}", name, message));
    }
  } else if (op == "#" || op == "##" || op == "%" || op == "%%") {
    std::string pattern = operands.empty() ? std::string() : shell.expand_pattern(operands[0]);
    if (value.is_list) {
      for (auto& item : value.list) item = remove_pattern(item, pattern, op);
    } else {
      value.scalar = remove_pattern(value.scalar, pattern, op);
    }
  } else if (op == "/" || op == "//" || op == "/#" || op == "/%") {
    std::string pattern = operands.empty() ? std::string() : shell.expand_pattern(operands[0]);
    std::string replacement = operands.size() > 1 ? shell.expand_to_string(operands[1]) : std::string();
    if (value.is_list) {
      for (auto& item : value.list) item = substitute(item, pattern, replacement, op);
    } else {
      value.scalar = substitute(value.scalar, pattern, replacement, op);
    }
  } else if (op == ":") {
    int64_t offset = operands.empty() ? 0 : shell.eval_arith_int(shell.expand_to_string(operands[0]));
    bool has_length = operands.size() > 1;
    int64_t count = has_length ? shell.eval_arith_int(shell.expand_to_string(operands[1])) : 0;
    if (value.is_list) {
      std::vector<std::string> items;
      bool positional = name == "@" || name == "*";
      if (positional) items.push_back(shell.script_name());
      items.insert(items.end(), value.list.begin(), value.list.end());
      int64_t size = static_cast<int64_t>(items.size());
      if (offset < 0) offset += size;
      if (offset < 0) offset = size;
      int64_t start = std::min(offset, size);
      int64_t end = has_length ? (count < 0 ? start : std::min(size, start + count)) : size;
      std::vector<std::string> slice;
      for (int64_t k = start; k < end; ++k) slice.push_back(items[static_cast<size_t>(k)]);
      value.list = std::move(slice);
    } else {
      // Offsets count characters: bytes converted here in UTF-8 mode.
      int64_t size = static_cast<int64_t>(text::char_count(value.scalar));
      if (offset < 0) offset += size;
      if (offset < 0 || offset > size) {
        value.scalar.clear();
      } else {
        int64_t end = has_length ? (count < 0 ? offset : std::min(size, offset + count)) : size;
        size_t first = text::byte_offset(value.scalar, static_cast<size_t>(offset));
        size_t last = text::byte_offset(value.scalar, static_cast<size_t>(std::max(offset, end)));
        value.scalar = value.scalar.substr(first, last - first);
      }
    }
  } else if (op == "^" || op == "^^" || op == "," || op == ",,") {
    bool upper = op[0] == '^';
    bool all = op.size() == 2;
    auto convert = [&](std::string& s) {
      for (size_t k = 0; k < s.size() && (all || k == 0); ++k) {
        s[k] = static_cast<char>(upper ? std::toupper(static_cast<unsigned char>(s[k])) : std::tolower(static_cast<unsigned char>(s[k])));
      }
    };
    if (value.is_list) for (auto& item : value.list) convert(item);
    else convert(value.scalar);
  }

  if (!value.is_list) {
    if (quoted) add_quoted(value.scalar);
    else add_unquoted(value.scalar);
    return;
  }
  if (quoted && !value.star && mode != Mode::String) {
    for (size_t i = 0; i < value.list.size(); ++i) {
      if (i > 0) break_field();
      add_quoted(value.list[i]);
    }
    return;
  }
  if (quoted || mode == Mode::String) {
    std::string separator = " ";
    if (value.star) {
      const std::string* ifs_value = shell.get_scalar("IFS");
      separator = ifs_value == nullptr ? " " : ifs_value->substr(0, 1);
    }
    std::string joined;
    for (size_t i = 0; i < value.list.size(); ++i) {
      if (i > 0) joined += separator;
      joined += value.list[i];
    }
    if (quoted) add_quoted(joined);
    else add_unquoted(joined);
    return;
  }
  for (size_t i = 0; i < value.list.size(); ++i) {
    if (i > 0 && open) {
      fields.push_back(std::move(current));
      current = Field{};
      current.escaped = escaped;
      open = false;
    }
    add_unquoted(value.list[i]);
  }
}

}  // namespace forklift::interp
