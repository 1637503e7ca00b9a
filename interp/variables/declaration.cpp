// typeset and its aliases (integer, float, nameref, export,
// readonly), and the assignment forms they share with simple commands.
#include <algorithm>

#include <fmt/format.h>

#include "analyzer/ast_views.h"
#include "interp/builtins/builtins.h"
#include "interp/errors.h"
#include "interp/expand/expander.h"
#include "interp/text/locale_text.h"
#include "interp/variables/declaration_flags.h"

namespace forklift::interp {

namespace {

bool parse_flag_word(const std::string& word, DeclFlags& flags) {
  if (word.size() < 2 || (word[0] != '-' && word[0] != '+')) return false;
  bool on = word[0] == '-';
  if (!on) flags.names_only = true;
  for (size_t k = 1; k < word.size(); ++k) {
    char c = word[k];
    uint32_t attr = 0;
    switch (c) {
      case 'i': attr = kAttrInteger; break;
      case 'E': attr = kAttrFloatE; break;
      case 'F': attr = kAttrFloatF; break;
      case 'X': attr = kAttrFloatX; break;
      case 'M': {
        // -Mtoupper, -Mtolower: the map runs to the end of the word.
        std::string_view map = std::string_view(word).substr(k + 1);
        if (map != "toupper" && map != "tolower") return false;
        (on ? flags.set : flags.clear) |= map == "toupper" ? kAttrUpper : kAttrLower;
        return true;
      }
      case 'u': attr = kAttrUpper; break;
      case 'l': attr = kAttrLower; break;
      case 'x': attr = kAttrExport; break;
      case 'r': attr = kAttrReadonly; break;
      case 'a': attr = kAttrIndexed; break;
      case 'A': attr = kAttrAssoc; break;
      case 'n': attr = kAttrNameref; break;
      case 'C': attr = kAttrCompound; break;
      case 'f': flags.functions = true; continue;
      case 'p': flags.print = true; continue;
      case 'g': flags.local = false; continue;
      case 'L':
      case 'R':
      case 'Z': {
        // -LZ (either order): left justified with leading zeros removed ('z').
        char prev = flags.justify;
        bool zero = c == 'Z' || prev == 'Z' || prev == 'z';
        bool left = c == 'L' || (c == 'Z' && (prev == 'L' || prev == 'z'));
        flags.justify = zero ? (left ? 'z' : 'Z') : c;
        break;
      }
      case 't': attr = kAttrTagged; break;
      case 'H': attr = kAttrHostName; break;
      case 'h':
      case 'S':
      case 'b':
      case 'm':
      case 's':
        continue;
      default: return false;
    }
    // Digits after i/E/F/L/R/Z are a base, precision or width.
    size_t digits_end = k + 1;
    while (digits_end < word.size() && std::isdigit(static_cast<unsigned char>(word[digits_end]))) ++digits_end;
    if (digits_end > k + 1) {
      int value = std::atoi(word.substr(k + 1, digits_end - k - 1).c_str());
      if (c == 'L' || c == 'R' || c == 'Z') flags.width = value;
      else flags.precision = value;
      k = digits_end - 1;
    }
    if (attr == 0) continue;
    if (on) flags.set |= attr;
    else flags.clear |= attr;
  }
  return true;
}

// `(x=1 y=2)`: a compound value rather than a list (which its first item decides).
bool literal_has_members(const Node* literal) {
  if (literal->kids.empty()) return false;
  NodeKind first = literal->kids.front()->kind;
  return first == NodeKind::Assignment || first == NodeKind::Declaration;
}

// Every item is NAME=VALUE or a declaration: `(x=1 y=2)`, not `(x=1 :)`.
bool only_members(const Node* literal) {
  return std::all_of(literal->kids.begin(), literal->kids.end(), [](const Node* kid) {
    return kid->kind == NodeKind::Assignment || kid->kind == NodeKind::Declaration;
  });
}

bool is_compound_literal(const Node* value) {
  return value->kind == NodeKind::ArrayLiteral && (value->kids.empty() || literal_has_members(value));
}

// The ArrayLiteral of `name=(...)` with no subscript, or null.
const Node* unsubscripted_list_value(const Node* assignment) {
  AssignmentView view(assignment);
  if (view.subscript() != nullptr || !view.dimensions().empty()) return nullptr;
  const Node* value = view.value();
  return value != nullptr && value->kind == NodeKind::ArrayLiteral ? value : nullptr;
}

// `name=()`
bool empty_list(const Node* assignment) {
  return !assignment->kids.empty() && assignment->kids.back()->kind == NodeKind::ArrayLiteral &&
         assignment->kids.back()->kids.empty();
}

}  // namespace

void Shell::assign_array(std::string_view name, const Node* literal, bool append) {
  if (literal_has_members(literal)) {
    Variable* old = vars_.resolve(name).var;
    bool compound_elements = old != nullptr && (old->attrs & (kAttrCompoundElements | kAttrCompoundArray));
    // b=(1); b+=(x=1) appends the word x=1; so does typeset -a b; b+=(x=1 :),
    // where an item that is no assignment makes the list one of words.
    if (append && old != nullptr && old->is_array() && !compound_elements &&
        (!old->elements().indexed.empty() || !only_members(literal))) {
      assign_list(name, literal, true);
      return;
    }
    if (append && old != nullptr && old->is_array()) {
      // a+=(x=1) on an array appends a compound element (and ksh forgets -C).
      auto& items = old->elements().indexed;
      int64_t next = items.empty() ? 0 : items.rbegin()->first + 1;
      old->attrs &= ~kAttrCompoundArray;
      assign_compound_element(name, fmt::format("{}[{}]", vars_.resolve(name).name, next), literal);
      return;
    }
    if (!append) unset_compound_members(std::string(name));
    assign_compound(name, literal);
    return;
  }
  if (literal->kids.empty()) {
    // ksh93: `a=()` (and `a+=()` on anything but an array) makes an empty
    // compound variable; `typeset -a a=()` is handled by declare.
    Variable* old = vars_.resolve(name).var;
    if (append && old != nullptr && (old->is_array() || (old->attrs & kAttrCompound))) return;
    unset_compound_members(std::string(name));
    declare_compound(name);
    return;
  }
  assign_list(name, literal, append);
}

// The elements of a list `(…)` are all expanded before the variable changes:
// `a=(x "${a[@]}" y)` reads the old a. Keyed and compound elements are the
// exception, expanded in place as they come (ksh: `a=([0]="${a[1]}")` reads
// the emptied array).
void Shell::assign_list(std::string_view name, const Node* literal, bool append) {
  struct Item {
    const Node* node;
    std::vector<std::string> values;  // the fields of a plain element
  };
  std::vector<Item> items;
  for (const Node* kid : literal->kids) {
    Item item{kid, {}};
    if (kid->kind == NodeKind::ArrayLiteral || kid->kind == NodeKind::KeyedElement) {
      items.push_back(std::move(item));  // compound and keyed elements: expanded in place, as ksh does
      continue;
    }
    if (kid->kind == NodeKind::Assignment) {
      // `(1 x=2)`: a list whose later item looks like an assignment.
      const Node* value = kid->kids.empty() ? nullptr : kid->kids.back();
      item.values.push_back(fmt::format("{}{}{}", kid->text, kid->op, value != nullptr ? expand_to_string(value) : ""));
    } else {
      expand_words(NodeSpan(&kid, 1), item.values);
    }
    items.push_back(std::move(item));
  }
  VarRef ref = vars_.resolve_for_write(name);
  Variable& var = *ref.var;
  if (var.attrs & kAttrReadonly) fatal(fmt::format("{}: is read only", name));
  // A compound variable counts as element 0 of the list appended to.
  bool was_compound = (var.attrs & kAttrCompound) != 0;
  var.attrs &= ~kAttrCompound;
  if (!append) {
    if (var.attrs & kAttrCompoundElements) drop_compound_elements(std::string(ref.name), var);
    var.array.reset();
    var.value.clear();
    var.is_set = false;
    if (!var.is_assoc()) var.attrs |= kAttrIndexed;
  } else if (!var.is_array()) {
    var.attrs |= kAttrIndexed;
    if (var.is_set) var.elements().indexed[0] = std::move(var.value);
    var.value.clear();
    var.is_set = false;
  }
  ArrayData& data = var.elements();
  int64_t next = data.indexed.empty() ? (append && was_compound ? 1 : 0) : data.indexed.rbegin()->first + 1;
  auto store = [&](std::string& slot, std::string value) {
    if (var.attrs & (kAttrNumeric | kAttrUpper | kAttrLower)) apply_attributes(var, value);
    slot = std::move(value);
  };
  std::string resolved(ref.name);
  for (Item& item : items) {
    const Node* kid = item.node;
    if (kid->kind == NodeKind::ArrayLiteral) {
      assign_compound_element(resolved, fmt::format("{}[{}]", resolved, next++), kid);
    } else if (auto keyed = view_if<KeyedElementView>(kid); keyed && keyed->value() != nullptr &&
                                                            keyed->value()->kind == NodeKind::ArrayLiteral) {
      std::string key = var.is_assoc() ? subscript_key(keyed->key()) : std::to_string(subscript_index(keyed->key()));
      if (!var.is_assoc()) next = std::stoll(key) + 1;
      assign_compound_element(resolved, fmt::format("{}[{}]", resolved, key), keyed->value());
    } else if (keyed) {
      std::string key = subscript_key(keyed->key());
      std::string value = keyed->value() != nullptr ? expand_to_string(keyed->value()) : std::string();
      if (var.is_assoc()) {
        store(data.assoc[key], std::move(value));
      } else {
        int64_t index = eval_arith_int(key);
        store(data.indexed[index], std::move(value));
        next = index + 1;
      }
    } else {
      for (std::string& field : item.values) {
        if (var.is_assoc()) store(data.assoc[std::to_string(next++)], std::move(field));
        else store(data.indexed[next++], std::move(field));
      }
    }
  }
}

void Shell::exec_assignment(const Node* assignment, bool, bool) { assign_node(assignment->text, assignment); }

void Shell::assign_node(std::string_view name, const Node* assignment) {
  bool append = assignment->op == "+=";
  const Node* subscript = nullptr;
  const Node* value = nullptr;
  for (const Node* kid : assignment->kids) {
    if (kid->kind == NodeKind::Subscript) subscript = kid;
    else value = kid;
  }
  if (subscript != nullptr && name.find('[') != std::string_view::npos) {
    // a[1].x=v, t.l[k].m[j]=v: a member of a compound element, which is
    // created as needed, maybe subscripted in turn.
    std::vector<const Node*> subscripts;
    for (const Node* kid : assignment->kids) {
      if (kid->kind == NodeKind::Subscript) subscripts.push_back(kid);
    }
    size_t used = 0;
    std::string member = node_path(name, subscripts, used, true);
    if (used < subscripts.size()) {
      assign_element_node(member, subscripts[used], value, append);
    } else if (value != nullptr && value->kind == NodeKind::ArrayLiteral) {
      assign_array(member, value, append);
    } else {
      assign(member, value != nullptr ? expand_assignment_value(value) : std::string(), append);
    }
    return;
  }
  if (subscript == nullptr && value != nullptr && is_compound_literal(value)) {
    // A nameref to an element not yet compound: r=(x=1) makes it one.
    VarRef ref = vars_.resolve(name);
    if (ref.has_subscript && ref.var != nullptr && ref.var->is_array()) {
      std::string key = element_key(ref.name, PathKey{nullptr, ref.subscript});
      assign_compound_element(ref.name, fmt::format("{}[{}]", ref.name, key), value);
      return;
    }
  }
  if (subscript != nullptr) {
    assign_element_node(name, subscript, value, append);
    return;
  }
  if (value != nullptr && value->kind == NodeKind::ArrayLiteral) {
    assign_array(name, value, append);
    return;
  }
  std::string text = value != nullptr ? expand_assignment_value(value) : std::string();
  trace_assignment(name, nullptr, text);
  assign(name, text, append);
}

void Shell::assign_element_node(std::string_view name, const Node* subscript, const Node* value, bool append) {
  if (value != nullptr && value->kind == NodeKind::ArrayLiteral && !is_compound_literal(value)) {
    assign_array(name, value, append);
    return;
  }
  if (value != nullptr && is_compound_literal(value)) {
    assign_compound_element(name, compound_element_name(name, subscript), value);
    return;
  }
  std::string text = value != nullptr ? expand_assignment_value(value) : std::string();
  trace_assignment(name, subscript, text);
  assign_element(name, subscript_key(subscript), text, append);
}

void Shell::trace_assignment(std::string_view name, const Node* subscript, std::string_view text) {
  if (!options_.xtrace) return;
  write_fd(2, fmt::format("{}{}{}={}\n", get_scalar("PS4") != nullptr ? get_value("PS4") : "+ ", name,
                          subscript != nullptr ? "[" + subscript_key(subscript) + "]" : "", text));
}

namespace {

DeclFlags command_flags(std::string_view command) {
  DeclFlags flags;
  if (command == "integer") flags.set |= kAttrInteger;
  if (command == "float") flags.set |= kAttrFloatE;
  if (command == "nameref") flags.set |= kAttrNameref;
  if (command == "compound") flags.set |= kAttrCompound;
  if (command == "export" || command == "readonly") {
    flags.set |= command == "export" ? kAttrExport : kAttrReadonly;
    flags.local = false;
  }
  return flags;
}

// The attributes of `flags` on `var`, which had `old_attrs`: the opposite
// attribute of each one set is cleared, and a scalar becomes element 0 of a
// new array.
void set_attributes(Variable& var, const DeclFlags& flags, uint32_t old_attrs) {
  var.attrs |= flags.set & ~kAttrReadonly;
  var.attrs &= ~flags.clear;
  if (flags.set & kAttrInteger) var.attrs &= ~kAttrFloat;
  if (flags.set & kAttrFloat) var.attrs &= ~(kAttrInteger | (kAttrFloat & ~flags.set));
  if (flags.set & kAttrUpper) var.attrs &= ~kAttrLower;
  if (flags.set & kAttrLower) var.attrs &= ~kAttrUpper;
  if (flags.precision >= 0 && (flags.set & (kAttrInteger | kAttrFloat))) var.precision = flags.precision;
  if ((flags.set & kAttrInteger) && flags.precision < 0) var.precision = -1;
  if (flags.set & kAttrAssoc) var.attrs &= ~kAttrIndexed;
  if ((flags.set & kAttrAssoc) && (old_attrs & kAttrIndexed) && var.array != nullptr) {
    // typeset -A on an indexed array: its elements stay, keyed by their indices.
    for (auto& [index, element] : var.array->indexed) var.array->assoc[std::to_string(index)] = std::move(element);
    var.array->indexed.clear();
  }
  if ((var.attrs & kAttrCompound) && var.is_array()) {
    var.attrs = (var.attrs & ~kAttrCompound) | kAttrCompoundArray;  // typeset -C -a: an array of compounds
  }
  if ((flags.set & (kAttrIndexed | kAttrAssoc)) && !(old_attrs & (kAttrIndexed | kAttrAssoc)) && var.is_set) {
    if (var.is_assoc()) var.elements().assoc["0"] = std::move(var.value);
    else var.elements().indexed[0] = std::move(var.value);
    var.value.clear();
    var.is_set = false;
  }
}

// export and readonly take -p alone; another option ends the script as in
// ksh93u+m (export -n, bash's, is one).
void check_export_flags(Shell& shell, std::string_view command, const std::string& word) {
  if (word == "--") return;
  for (char c : std::string_view(word).substr(1)) {
    if (c != 'p') shell.fatal(fmt::format("{}: {}{}: unknown option", command, word[0], c), 2);
  }
}

}  // namespace

int Shell::declare(std::string_view command, const std::vector<DeclItem>& items, std::string_view member_prefix) {
  // bash's local and declare, which ksh93u+m lacks; enum and the types that
  // typeset -T defines, which the parser reads as declarations and the
  // interpreter does not have yet.
  bool known = command == "typeset" || command == "export" || command == "readonly" || command == "integer" ||
               command == "float" || command == "nameref" || command == "compound";
  if (!known) {
    error(fmt::format("{}: not found", command));
    return 127;
  }
  DeclFlags flags = command_flags(command);
  bool any_name = false;
  int status = 0;
  std::string listing;
  for (const DeclItem& item : items) {
    if (!any_name && item.assignment == nullptr && item.word.size() > 1 && (item.word[0] == '-' || item.word[0] == '+')) {
      if (command == "export" || command == "readonly") check_export_flags(*this, command, item.word);
      if (parse_flag_word(item.word, flags)) continue;
    }
    if (!any_name && item.assignment == nullptr && item.word == "+") {
      flags.names_only = true;  // `typeset +`: every name alone
      continue;
    }
    any_name = true;
    status |= declare_item(command, item, flags, member_prefix, listing);
  }
  if (!any_name && !flags.functions) listing = list_variables(command, flags);
  if (!listing.empty()) out_.write(listing);
  return status;
}

int Shell::declare_item(std::string_view command, const DeclItem& item, const DeclFlags& flags,
                        std::string_view member_prefix, std::string& listing) {
  std::string name =
      std::string(member_prefix) + (item.assignment != nullptr ? std::string(item.assignment->text) : item.word);
  std::string value;
  bool has_value = false;
  if (item.assignment == nullptr) {
    size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
      has_value = true;
    }
  }
  if (flags.functions) {
    const Node* def = find_function(name);
    if (def == nullptr) return 1;
    listing += function_source_text(def) + "\n";
    return 0;
  }
  std::string subscript;
  bool valid = is_valid_path(name);
  bool member = name.find('.') != std::string::npos;
  if (valid && name.find_first_of(".[") != std::string::npos) {
    std::optional<std::string> trailing;
    name = text_path(name, trailing, !flags.print);
    if (trailing) subscript = std::move(*trailing);
  }
  bool special = command == "typeset" || command == "export" || command == "readonly";
  bool appends = item.assignment != nullptr && item.assignment->op == "+=";  // no `typeset x+=y` in ksh93u+m
  if (!valid || appends) {
    std::string message = fmt::format("{}: {}{}: invalid variable name", command, name, appends ? "+" : "");
    if (special) fatal(message);  // an error in a special builtin ends the script
    error(message);
    return 1;
  }
  if (flags.print) {
    listing += describe_variable(name, !flags.names_only);
    return 0;
  }
  // A member is local only as part of a local compound variable.
  bool local = (flags.local && vars_.depth() > 0 && (!member || root_is_local(name))) || (flags.set & kAttrNameref);
  Variable* var = local ? &vars_.declare_local(name) : vars_.resolve_for_write(name).var;
  if ((var->attrs & kAttrReadonly) && (has_value || item.assignment != nullptr)) {
    fatal(fmt::format("{}: is read only", name));
  }
  // Of a readonly variable's attributes only export and readonly may change.
  constexpr uint32_t kKeepsReadonly = kAttrReadonly | kAttrExport;
  if ((var->attrs & kAttrReadonly) && (((flags.set | flags.clear) & ~kKeepsReadonly) || flags.justify != 0)) {
    fatal(fmt::format("{}: {}: is read only", command, name));
  }
  if (flags.set & kAttrNameref) {
    declare_nameref(*var, item, has_value ? value : std::string());
    return 0;
  }
  set_attributes(*var, flags, var->attrs);
  if (item.assignment != nullptr && (flags.set & (kAttrIndexed | kAttrAssoc)) && empty_list(item.assignment)) {
    var->array.reset();  // typeset -a a=(): an empty array, not a compound variable
  } else if (const Node* list = item.assignment != nullptr && (flags.set & kAttrIndexed)
                                     ? unsubscripted_list_value(item.assignment)
                                     : nullptr;
             list != nullptr && !ArrayLiteralView(list).elements().empty()) {
    // typeset -a a=(x=1): the word x=1, not a compound element.
    assign_list(name, list, false);
  } else if (item.assignment != nullptr) {
    assign_node(name, item.assignment);
  } else if (has_value) {
    if (!subscript.empty()) assign_element(name, subscript, value);
    else assign(name, value);
  } else if ((flags.set & (kAttrNumeric | kAttrUpper | kAttrLower)) && var->is_set) {
    std::string current = var->value;
    apply_attributes(*var, current);
    var->value = current;
  }
  if (flags.justify != 0) {
    var->justify = flags.justify;
    var->width = std::max(flags.width, 0);
  }
  if (var->justify != 0 && var->is_set) {
    if (var->width == 0) var->width = static_cast<int>(text::char_count(var->value));
    var->value = justify_value(var->value, var->justify, var->width);
  }
  if (flags.set & kAttrReadonly) var->attrs |= kAttrReadonly;
  return 0;
}

void Shell::declare_nameref(Variable& var, const DeclItem& item, std::string target) {
  if (item.assignment != nullptr) {
    for (const Node* kid : item.assignment->kids) {
      if (kid->kind == NodeKind::Word) target = expand_to_string(kid);
    }
  }
  var.attrs = (var.attrs & ~kAttrReadonly) | kAttrNameref;
  bind_nameref(var, std::move(target));
}

void Shell::bind_nameref(Variable& var, std::string target) {
  var.value = std::move(target);
  var.is_set = true;
  std::string base = var.value.substr(0, var.value.find('['));
  var.nameref_scope = vars_.scope_containing(base, &var);
  if (var.value.find_first_of(".[") != std::string::npos) bind_member_path(var);
}

// `nameref r=d.l[k].x` where d is itself a nameref, maybe of a calling
// function: r names what d names, followed by the rest of the path, each key
// evaluated for its array where that array can be seen from here.
void Shell::bind_member_path(Variable& var) {
  bool moved = false;
  for (int hops = 0; hops < 64; ++hops) {
    size_t end = var.value.find_first_of(".[");
    if (end == std::string::npos) break;
    std::string root = var.value.substr(0, end);
    int scope = vars_.scope_containing(root, &var);
    Variable* found = vars_.find_at(scope, root);
    if (found == nullptr || !found->is_nameref() || found == &var) break;
    var.value = found->value + var.value.substr(end);
    var.nameref_scope = found->nameref_scope;
    moved = true;
  }
  bool dotted = moved || var.value.find('.') != std::string::npos;
  if (dotted && var.nameref_scope != 0 && var.nameref_scope != vars_.depth()) return;
  std::vector<PathStep> steps = path_steps(var.value);
  if (!dotted && steps.size() != 2) return;  // a[i][j] of a multidimensional array stays as written
  std::optional<std::string> subscript;
  std::string path = text_path(var.value, subscript, false);
  var.value = subscript ? fmt::format("{}[{}]", path, bound_key(path, *subscript)) : path;
}

// The key a nameref keeps: an indexed array's subscript is evaluated when the
// reference is made (`nameref r=a[i]` keeps naming a[1] after i changes).
std::string Shell::bound_key(std::string_view array, std::string_view key) {
  if (key == "@" || key == "*") return std::string(key);
  return element_key(array, PathKey{nullptr, key});
}

// typeset -f: the definition as written.
std::string Shell::function_source_text(const Node* def) const {
  auto it = function_sources_.find(def);
  std::string_view text = it != function_sources_.end() && it->second != nullptr ? it->second->text() : current_source();
  if (def->end > text.size()) return std::string(def->text);
  return std::string(text.substr(def->begin, def->end - def->begin));
}

int Shell::exec_declaration(const Node* node) { return run_declaration(node, {}); }

int Shell::run_declaration(const Node* node, std::string_view member_prefix) {
  current_offset_ = node->begin;
  std::vector<DeclItem> items;
  std::string_view command = node->text;
  bool first_word = true;
  size_t mark = redirection_mark();
  std::vector<Node*> prefix;
  for (const Node* kid : node->kids) {
    if (kid->kind == NodeKind::Word) {
      std::vector<std::string> fields;
      expand_words(NodeSpan(&kid, 1), fields);
      if (first_word) {
        first_word = false;
        if (!fields.empty()) command = node->text;
        continue;
      }
      for (auto& f : fields) items.push_back(DeclItem{std::move(f), nullptr});
    } else if (kid->kind == NodeKind::Assignment) {
      if (first_word) continue;  // a prefix assignment
      items.push_back(DeclItem{std::string(), kid});
    }
  }
  if (!apply_redirections(DeclarationView(node).items())) {
    undo_redirections(mark);
    return last_status_ = 1;
  }
  int status;
  try {
    status = declare(command, items, member_prefix);
  } catch (...) {
    undo_redirections(mark);
    throw;
  }
  undo_redirections(mark);
  return last_status_ = status;
}

namespace {

int builtin_typeset(Shell& shell, std::vector<std::string>& argv) {
  std::vector<Shell::DeclItem> items;
  for (size_t i = 1; i < argv.size(); ++i) items.push_back(Shell::DeclItem{argv[i], nullptr});
  return shell.declare(argv[0], items);
}

}  // namespace

void register_declaration_builtins(BuiltinTable& table) {
  for (const char* name : {"typeset", "integer", "float", "nameref", "export", "readonly"}) {
    table[name] = Builtin{builtin_typeset, std::string_view(name) == "export" || std::string_view(name) == "readonly" ||
                                               std::string_view(name) == "typeset"};
  }
}

}  // namespace forklift::interp
