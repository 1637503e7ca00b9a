// ${...}: parameter values and every operator of the AST.
#include <regex.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cctype>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/errors.h"
#include "interp/expand/expander.h"
#include "interp/shell_options.h"
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
  if (subscript == nullptr) return 0;
  if (const Node* literal = sole_literal_part(SubscriptView(subscript).index())) {
    std::string_view t = literal->text;
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

// $-: the letters of the flags that are on, lowercase first, as ksh93u+m
// orders them.
std::string option_letters(const ShellOptions& o) {
  std::string lower, upper;
  for (const OptionName& option : option_names()) {
    if (option.letter == 0 || !(o.*option.field)) continue;
    (std::islower(static_cast<unsigned char>(option.letter)) != 0 ? lower : upper) += option.letter;
  }
  // Set from the command line only, so they have no letter for `set`.
  if (o.interactive) lower += 'i';
  if (o.rc) upper += 'E';
  std::sort(lower.begin(), lower.end());
  std::sort(upper.begin(), upper.end());
  return lower + upper;
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

// Whether a replacement in pattern form names a group (`\N`).
bool names_groups(std::string_view replacement) {
  for (size_t i = 0; i + 1 < replacement.size(); ++i) {
    if (replacement[i] != '\\') continue;
    if (std::isdigit(static_cast<unsigned char>(replacement[i + 1])) != 0) return true;
    ++i;
  }
  return false;
}

// The replacement of one match: `\N` is group N (empty when there is no
// such group or it took no part), any other escaped character itself.
void append_with_groups(std::string& out, std::string_view replacement, std::string_view subject,
                        const std::vector<regmatch_t>& groups) {
  for (size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c != '\\' || i + 1 == replacement.size()) {
      out.push_back(c);
      continue;
    }
    c = replacement[++i];
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) {
      out.push_back(c);
      continue;
    }
    auto n = static_cast<size_t>(c - '0');
    if (n < groups.size() && groups[n].rm_so >= 0) {
      out.append(subject.substr(static_cast<size_t>(groups[n].rm_so),
                                static_cast<size_t>(groups[n].rm_eo - groups[n].rm_so)));
    }
  }
}

// ${v/pat/rep} whose replacement names groups, through the regular expression
// of the pattern; nullopt when the pattern has none.
std::optional<std::string> substitute_groups(const std::string& value, const std::string& pattern,
                                             std::string_view replacement, std::string_view op) {
  if (pattern.find('\0') != std::string::npos) return std::nullopt;
  std::optional<std::string> regex = ksh_pattern_regex(pattern);
  if (!regex) return std::nullopt;
  std::string anchored = (op == "/#" ? "^" : "") + *regex + (op == "/%" ? "$" : "");
  text::ScriptCharacters characters;
  regex_t compiled;
  if (regcomp(&compiled, anchored.c_str(), REG_EXTENDED) != 0) return std::nullopt;
  std::vector<regmatch_t> groups(compiled.re_nsub + 1);
  std::string out;
  size_t i = 0, nonempty_match_end = std::string::npos;
  bool replaced = false;
  while (i <= value.size() && !(replaced && op != "//")) {
    std::string_view rest = std::string_view(value).substr(i);
    if (regexec(&compiled, value.c_str() + i, groups.size(), groups.data(), i > 0 ? REG_NOTBOL : 0) != 0) break;
    auto start = static_cast<size_t>(groups[0].rm_so), end = static_cast<size_t>(groups[0].rm_eo);
    out.append(rest.substr(0, start));
    if (start == end && i + start == nonempty_match_end) {
      // An empty match right where a non-empty one ended is not another match.
      if (i + start == value.size()) break;
      size_t step = text::char_length(value, i + start);
      out.append(rest.substr(start, step));
      i += start + step;
      continue;
    }
    append_with_groups(out, replacement, rest, groups);
    replaced = true;
    if (start == end) {
      if (i + start == value.size()) break;
      size_t step = text::char_length(value, i + start);
      out.append(rest.substr(start, step));
      i += start + step;
    } else {
      i += end;
      nonempty_match_end = i;
    }
  }
  if (i <= value.size()) out.append(std::string_view(value).substr(std::min(i, value.size())));
  regfree(&compiled);
  return out;
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

// One ${…} expansion: its value looked up, its operator applied, the result
// added to the expander's fields.
class ParameterExpansion {
 public:
  ParameterExpansion(Expander& expander, const Node* param, bool quoted);
  void run();

 private:
  void names_with_prefix();
  void look_up();
  bool special_parameter();
  void array_subscripts();
  void list_elements();
  void one_element();
  void add_length();
  bool apply_condition();  // - + = ?: true when the expansion is complete
  void apply_transformation();
  void substring();
  void expand_operand(const Node* operand);
  void add_operand_or_nothing();
  void add_value();

  Expander& ex_;
  Shell& shell_;
  const Node* param_;
  bool quoted_;
  std::string_view name_;
  std::string_view op_;
  const Node* subscript_;
  std::string member_name_;
  std::vector<const Node*> operands_;
  char list_sub_ = 0;
  ParamValue value_;
};

ParameterExpansion::ParameterExpansion(Expander& expander, const Node* param, bool quoted)
    : ex_(expander), shell_(expander.shell), param_(param), quoted_(quoted), name_(param->text), op_(param->op),
      subscript_(find_subscript(param)) {
  if (subscript_ != nullptr && name_.find('[') != std::string_view::npos) {
    // ${a[1].x}, ${t.l[k].m[j]}: a member of an element of an array of
    // compound variables, maybe subscripted in turn.
    std::vector<const Node*> subscripts;
    for (const Node* kid : param->kids) {
      if (kid->kind == NodeKind::Subscript) subscripts.push_back(kid);
    }
    size_t used = 0;
    member_name_ = shell_.node_path(name_, subscripts, used, false);
    name_ = member_name_;
    subscript_ = used < subscripts.size() ? subscripts[used] : nullptr;
  }
  for (const Node* kid : param->kids) {
    if (kid->kind == NodeKind::Word) operands_.push_back(kid);
  }
  list_sub_ = list_subscript(subscript_);
}

void ParameterExpansion::run() {
  const bool indirect = (param_->flags & kParamIndirect) != 0;
  if (indirect && (op_ == "*" || op_ == "@") && subscript_ == nullptr) return names_with_prefix();
  look_up();
  if ((param_->flags & kParamLength) != 0) return add_length();
  if (op_.empty() || op_ == "#" || op_ == "##" || op_ == "%" || op_ == "%%" || op_[0] == '/' || op_ == ":" ||
      op_[0] == '^' || op_[0] == ',') {
    if (!value_.set && shell_.options().nounset && name_ != "@" && name_ != "*" && !value_.is_list) {
      shell_.fatal(fmt::format("{}: parameter not set", name_));
    }
  }
  if (apply_condition()) return;
  apply_transformation();
  add_value();
}

// ${!prefix*} / ${!prefix@}: names of variables.
void ParameterExpansion::names_with_prefix() {
  std::vector<std::string> names;
  std::string prefix(name_);
  for (const auto& [var_name, var] : shell_.vars().global()) {
    if (var_name.compare(0, prefix.size(), prefix) == 0 && (var.is_set || var.is_array() || (var.attrs & kAttrCompound))) {
      names.push_back(var_name);
    }
  }
  std::sort(names.begin(), names.end());
  bool separate = quoted_ && op_ == "@";
  std::string joined;
  for (size_t i = 0; i < names.size(); ++i) {
    if (separate) {
      if (i > 0) ex_.break_field();
      ex_.add_quoted(names[i]);
    } else {
      if (i > 0) joined += ' ';
      joined += names[i];
    }
  }
  if (separate) return;
  if (quoted_) ex_.add_quoted(joined);
  else ex_.add_unquoted(joined);
}

void ParameterExpansion::look_up() {
  const bool indirect = (param_->flags & kParamIndirect) != 0;
  if (indirect && list_sub_ != 0) {
    array_subscripts();
  } else if (indirect) {
    // ${!ref}: the name a nameref points to (ksh93), else the name itself.
    value_.set = true;
    Variable* raw = shell_.vars().find_raw(name_);
    value_.scalar = raw != nullptr && raw->is_nameref() ? raw->value : std::string(name_);
    // ${!a[i]} of an array: the element's name, its subscript evaluated.
    if (subscript_ != nullptr && raw != nullptr && !raw->is_nameref() && raw->is_array()) {
      std::string key = raw->is_assoc() ? shell_.subscript_key(subscript_) : std::to_string(shell_.subscript_index(subscript_));
      value_.scalar = fmt::format("{}[{}]", name_, key);
    }
  } else if (special_parameter()) {
  } else if (name_.size() > 4 && name_.substr(0, 4) == ".sh.") {
    if (!shell_.special_sh_variable(name_.substr(4), subscript_, list_sub_, value_.scalar, value_.list)) {
      // .sh.name, .sh.value, .sh.subscript of a discipline are ordinary variables.
      const std::string* v = shell_.get_scalar(name_);
      value_.set = v != nullptr;
      if (v != nullptr) value_.scalar = *v;
    } else {
      value_.set = true;
      value_.is_list = list_sub_ != 0;
      value_.star = list_sub_ == '*';
    }
  } else if (list_sub_ != 0) {
    list_elements();
  } else if (subscript_ != nullptr) {
    one_element();
  } else if (const std::string* v = shell_.get_scalar(name_)) {
    value_.set = true;
    value_.scalar = *v;
  }
}

// $@ $* $# $? $$ $! $- $0 $1… $_; false for any other name.
bool ParameterExpansion::special_parameter() {
  auto scalar = [&](std::string text) {
    value_.set = true;
    value_.scalar = std::move(text);
    return true;
  };
  if (name_ == "@" || name_ == "*") {
    value_.is_list = true;
    value_.star = name_ == "*";
    value_.set = !shell_.positional().empty();
    value_.list = shell_.positional();
    return true;
  }
  if (name_ == "#") return scalar(std::to_string(shell_.positional().size()));
  if (name_ == "?") return scalar(std::to_string(shell_.last_status()));
  if (name_ == "$") return scalar(std::to_string(shell_.shell_pid()));
  if (name_ == "!") {
    if (shell_.background_pid() != 0) scalar(std::to_string(shell_.background_pid()));
    return true;
  }
  if (name_ == "-") return scalar(option_letters(shell_.options()));
  if (name_ == "0") return scalar(shell_.script_name());
  if (name_ == "_") return scalar(shell_.last_argument());
  if (!is_digits(name_)) return false;
  // A number too large to read names a parameter past the last one: unset.
  size_t index = 0;
  auto [end, error] = std::from_chars(name_.data(), name_.data() + name_.size(), index);
  if (error == std::errc() && index >= 1 && index <= shell_.positional().size()) scalar(shell_.positional()[index - 1]);
  return true;
}

// ${!a[@]}: the subscripts.
void ParameterExpansion::array_subscripts() {
  value_.is_list = true;
  value_.star = list_sub_ == '*';
  value_.set = true;
  VarRef ref = shell_.vars().resolve(name_);
  if (ref.var == nullptr) return;
  if (ref.var->array) {
    if (ref.var->is_assoc()) {
      for (const auto& [k, v] : ref.var->array->assoc) value_.list.push_back(k);
    } else {
      for (const auto& [k, v] : ref.var->array->indexed) value_.list.push_back(std::to_string(k));
    }
  } else if (ref.var->is_set || (ref.var->attrs & kAttrCompound)) {
    value_.list.push_back("0");
  }
}

// ${a[@]} / ${a[*]}: every element, through compound members and disciplines.
void ParameterExpansion::list_elements() {
  value_.is_list = true;
  value_.star = list_sub_ == '*';
  VarRef ref = shell_.vars().resolve(name_);
  if (ref.var != nullptr && ref.var->array) {
    bool compounds = (ref.var->attrs & kAttrCompoundElements) != 0;
    bool discipline = (ref.var->attrs & kAttrDiscipline) && shell_.discipline_applies(ref.name);
    auto element = [&](std::string_view key, const std::string& v) {
      if (discipline) {
        std::string subscript(key);
        const std::string* read = shell_.read_through_discipline(ref, name_, &subscript);
        value_.list.push_back(read != nullptr ? *read : std::string());
        return;
      }
      const std::string* compound = compounds ? shell_.compound_element_value(ref.name, key) : nullptr;
      value_.list.push_back(compound != nullptr ? *compound : v);
    };
    if (ref.var->is_assoc()) {
      for (const auto& [k, v] : ref.var->array->assoc) element(k, v);
    } else {
      for (const auto& [k, v] : ref.var->array->indexed) element(std::to_string(k), v);
    }
  } else if (ref.var != nullptr && ref.var->is_set) {
    value_.list.push_back(ref.var->value);
  } else if (ref.var != nullptr && (ref.var->attrs & (kAttrDynamic | kAttrCompound))) {
    value_.list.push_back(shell_.get_value(name_));
  }
  value_.set = !value_.list.empty();
}

// ${a[i]}: one element (a negative index counts from the end).
void ParameterExpansion::one_element() {
  VarRef ref = shell_.vars().resolve(name_);
  if (ref.var == nullptr) {
    shell_.subscript_index(subscript_);  // ${unset[i=4]} still assigns i
    return;
  }
  const std::string* element = nullptr;
  std::string element_key;
  if (ref.var->is_assoc()) {
    element_key = shell_.subscript_key(subscript_);
    if (ref.var->array) {
      auto it = ref.var->array->assoc.find(element_key);
      if (it != ref.var->array->assoc.end()) element = &it->second;
    }
  } else {
    int64_t index = shell_.subscript_index(subscript_);
    if (ref.var->array) {
      auto& items = ref.var->array->indexed;
      if (index < 0 && !items.empty()) index += items.rbegin()->first + 1;
      element_key = std::to_string(index);
      auto it = items.find(index);
      if (it != items.end()) element = &it->second;
    } else if (index == 0 && ref.var->is_set) {
      element = &ref.var->value;
    } else if (index == 0 && (ref.var->attrs & kAttrCompound)) {
      element = shell_.get_scalar(ref.name);  // a compound variable is its own element 0
    }
  }
  if (element != nullptr && (ref.var->attrs & kAttrCompoundElements)) {
    if (const std::string* compound = shell_.compound_element_value(ref.name, element_key)) element = compound;
  }
  if ((ref.var->attrs & kAttrDiscipline) && shell_.discipline_applies(ref.name)) {
    element = shell_.read_through_discipline(ref, name_, &element_key);
  }
  if (element != nullptr) {
    value_.set = true;
    value_.scalar = *element;
  }
}

void ParameterExpansion::add_length() {
  std::string count;
  if (value_.is_list) count = std::to_string(value_.list.size());
  else count = std::to_string(text::char_count(value_.scalar));
  if (!value_.set && !value_.is_list && shell_.options().nounset && name_ != "#") {
    shell_.fatal(fmt::format("{}: parameter not set", name_));
  }
  if (quoted_) ex_.add_quoted(count);
  else ex_.add_unquoted(count);
}

void ParameterExpansion::expand_operand(const Node* operand) {
  if (quoted_) {
    // Inside double quotes the operand behaves as if quoted itself.
    bool outer = std::exchange(ex_.in_quoted_operand, true);
    for (const Node* p : operand->kids) ex_.part(p, true);
    ex_.in_quoted_operand = outer;
    if (operand->kids.empty()) ex_.open = true;
    return;
  }
  // Unquoted, ${u:-~/x} expands a leading tilde as a word does (but not
  // one after a ':', even in an assignment value).
  Expander::Position pos{0, 0};
  if (starts_with_tilde(operand)) pos = ex_.tilde_prefix(operand, pos);
  // Unquoted operand text is split like an expansion result: ${u:-a b} is two fields.
  NodeSpan parts = WordView(operand).parts();
  for (size_t i = pos.kid; i < parts.size(); ++i) {
    const Node* p = parts[i];
    if (p->kind != NodeKind::Literal) {
      ex_.part(p, false);
      continue;
    }
    std::string_view raw = p->text.substr(i == pos.kid ? pos.offset : 0);
    size_t start = 0;
    for (size_t k = 0; k < raw.size(); ++k) {
      if (raw[k] != '\\' || k + 1 >= raw.size()) continue;
      ex_.add_unquoted(raw.substr(start, k - start));
      if (raw[k + 1] != '\n') ex_.add_quoted(raw.substr(k + 1, 1));
      start = k + 2;
      ++k;
    }
    ex_.add_unquoted(raw.substr(start));
  }
}

void ParameterExpansion::add_operand_or_nothing() {
  if (!operands_.empty()) expand_operand(operands_[0]);
  else if (quoted_) ex_.open = true;
}

bool ParameterExpansion::apply_condition() {
  bool is_null = value_.is_list ? value_.list.empty() || (value_.list.size() == 1 && value_.list[0].empty())
                                : value_.scalar.empty();
  // Without the colon only an unset parameter counts; with it a null one too.
  bool colon = !op_.empty() && op_[0] == ':' && op_.size() == 2;
  bool missing = colon ? (!value_.set || is_null) : !value_.set;
  std::string_view bare = colon ? op_.substr(1) : op_;
  if (bare == "-") {
    if (!missing) return false;
    add_operand_or_nothing();
    return true;
  }
  if (bare == "+") {
    if (!missing) add_operand_or_nothing();
    else if (quoted_) ex_.open = true;
    return true;
  }
  if (bare == "=" && missing) {
    std::string text = operands_.empty() ? std::string() : shell_.expand_to_string(operands_[0]);
    if (subscript_ != nullptr) shell_.assign_element(name_, shell_.subscript_key(subscript_), text);
    else shell_.assign(name_, text);
    value_.set = true;
    value_.is_list = false;
    value_.scalar = shell_.get_value(name_);
  } else if (bare == "?" && missing) {
    std::string message = !operands_.empty() ? shell_.expand_to_string(operands_[0])
                          : value_.set       ? "parameter null"
                                             : "parameter not set";
    shell_.fatal(fmt::format("{}: {}", name_, message));
  }
  return false;
}

void ParameterExpansion::apply_transformation() {
  auto each = [&](auto&& change) {
    if (value_.is_list) {
      for (auto& item : value_.list) change(item);
    } else {
      change(value_.scalar);
    }
  };
  if (op_ == "#" || op_ == "##" || op_ == "%" || op_ == "%%") {
    std::string pattern = operands_.empty() ? std::string() : shell_.expand_pattern(operands_[0]);
    each([&](std::string& s) { s = remove_pattern(s, pattern, op_); });
  } else if (op_ == "/" || op_ == "//" || op_ == "/#" || op_ == "/%") {
    std::string pattern = operands_.empty() ? std::string() : shell_.expand_pattern(operands_[0]);
    std::string form = operands_.size() > 1 ? shell_.expand_replacement(operands_[1]) : std::string();
    std::string replacement = unescape_pattern(form);
    bool groups = names_groups(form);
    each([&](std::string& s) {
      std::optional<std::string> with_groups = groups ? substitute_groups(s, pattern, form, op_) : std::nullopt;
      s = with_groups ? std::move(*with_groups) : substitute(s, pattern, replacement, op_);
    });
  } else if (op_ == ":") {
    substring();
  } else if (op_ == "^" || op_ == "^^" || op_ == "," || op_ == ",,") {
    bool upper = op_[0] == '^';
    bool all = op_.size() == 2;
    each([&](std::string& s) {
      for (size_t k = 0; k < s.size() && (all || k == 0); ++k) {
        auto c = static_cast<unsigned char>(s[k]);
        s[k] = static_cast<char>(upper ? std::toupper(c) : std::tolower(c));
      }
    });
  }
}

// ${v:offset:length}; of a list, a slice of its elements ($0 first for $@).
void ParameterExpansion::substring() {
  int64_t offset = operands_.empty() ? 0 : shell_.eval_arith_int(shell_.expand_to_string(operands_[0]));
  bool has_length = operands_.size() > 1;
  int64_t count = has_length ? shell_.eval_arith_int(shell_.expand_to_string(operands_[1])) : 0;
  if (value_.is_list) {
    std::vector<std::string> items;
    if (name_ == "@" || name_ == "*") items.push_back(shell_.script_name());
    items.insert(items.end(), value_.list.begin(), value_.list.end());
    int64_t size = static_cast<int64_t>(items.size());
    if (offset < 0) offset += size;
    if (offset < 0) offset = size;
    int64_t start = std::min(offset, size);
    int64_t end = has_length ? (count < 0 ? start : std::min(size, start + count)) : size;
    std::vector<std::string> slice;
    for (int64_t k = start; k < end; ++k) slice.push_back(items[static_cast<size_t>(k)]);
    value_.list = std::move(slice);
    return;
  }
  // Offsets count characters: bytes converted here in UTF-8 mode.
  std::string& scalar = value_.scalar;
  int64_t size = static_cast<int64_t>(text::char_count(scalar));
  if (offset < 0) offset += size;
  if (offset < 0 || offset > size) {
    scalar.clear();
    return;
  }
  int64_t end = has_length ? (count < 0 ? offset : std::min(size, offset + count)) : size;
  size_t first = text::byte_offset(scalar, static_cast<size_t>(offset));
  size_t last = text::byte_offset(scalar, static_cast<size_t>(std::max(offset, end)));
  scalar = scalar.substr(first, last - first);
}

void ParameterExpansion::add_value() {
  if (!value_.is_list) {
    if (quoted_) ex_.add_quoted(value_.scalar);
    else ex_.add_unquoted(value_.scalar);
    return;
  }
  const auto& list = value_.list;
  if (quoted_ && !value_.star && ex_.mode != Expander::Mode::String) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0) ex_.break_field();
      ex_.add_quoted(list[i]);
    }
    return;
  }
  // An unquoted $* in a pattern is joined with IFS's first character too,
  // which then matches as a pattern character would.
  bool joined_pattern = value_.star && ex_.mode == Expander::Mode::Pattern;
  if (quoted_ || ex_.mode == Expander::Mode::String || joined_pattern) {
    std::string separator = " ";
    if (value_.star) {
      const std::string* ifs_value = shell_.get_scalar("IFS");
      separator = ifs_value == nullptr ? " " : ifs_value->substr(0, 1);
    }
    std::string joined;
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0) joined += separator;
      joined += list[i];
    }
    if (quoted_) ex_.add_quoted(joined);
    else ex_.add_unquoted(joined);
    return;
  }
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0 && ex_.open) {
      ex_.fields.push_back(std::move(ex_.current));
      ex_.current = Field{};
      ex_.current.escaped = ex_.escaped;
      ex_.open = false;
    }
    ex_.add_unquoted(list[i]);
  }
}

}  // namespace

void Expander::parameter(const Node* param, bool quoted) { ParameterExpansion(*this, param, quoted).run(); }

}  // namespace forklift::interp
