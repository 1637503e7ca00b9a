// set and shift: the shell's options and its positional parameters.
#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/errors.h"
#include "interp/shell_options.h"

namespace forklift::interp {

namespace {

int builtin_shift(Shell& shell, std::vector<std::string>& argv) {
  int count = 1;
  if (argv.size() > 1) {
    count = static_cast<int>(shell.eval_arith_int(argv[1]));
  }
  auto& params = shell.positional();
  if (count < 0 || static_cast<size_t>(count) > params.size()) {
    shell.fatal(fmt::format("shift: {}: bad number", argv.size() > 1 ? argv[1] : "1"));
  }
  params.erase(params.begin(), params.begin() + count);
  return 0;
}

// `set -o NAME`, `set --NAME`: false (after the message) when NAME names no
// option the script may set.
bool set_option_by_name(Shell& shell, std::string_view name, bool on) {
  OptionLookup found = find_option(name);
  if (found.option == nullptr || found.option->fixed) {
    shell.error(fmt::format("set: {}: {} option", name, found.ambiguous ? "ambiguous" : "unknown"));
    return false;
  }
  set_option(shell.options(), *found.option, on == found.on);
  return true;
}

void list_options(Shell& shell) {
  std::string out = "Current option settings\n";
  for (const OptionName& o : option_names()) {
    out += fmt::format("{:<25}{}\n", o.name, option_is_on(shell.options(), o) ? "on" : "off");
  }
  shell.out().write(out);
}

// `set --default`: every flag off, even those a script starts with on
// (braceexpand, trackall), but viraw, which ksh93u+m never turns off.
void default_options(Shell& shell) {
  for (const OptionName& o : option_names()) {
    if (!o.fixed && o.field != &ShellOptions::viraw) shell.options().*o.field = false;
  }
}

void list_variables(Shell& shell) {
  std::vector<std::pair<std::string, std::string>> vars;
  for (const auto& [name, var] : shell.vars().global()) {
    if (var.is_set && !var.is_array()) vars.emplace_back(name, var.value);
  }
  std::sort(vars.begin(), vars.end());
  std::string out;
  for (const auto& [name, value] : vars) out += fmt::format("{}={}\n", name, value);
  shell.out().write(out);
}

int builtin_set(Shell& shell, std::vector<std::string>& argv) {
  if (argv.size() == 1) {
    list_variables(shell);
    return 0;
  }
  size_t i = 1;
  bool positional_given = false;
  std::string array_name;
  bool replace_array = true;
  bool sort_positional = false;
  for (; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a == "--") {
      ++i;
      positional_given = true;
      break;
    }
    if (a.starts_with("--")) {
      if (a == "--default") default_options(shell);
      else if (a == "--state") shell.out().write(option_commands(shell.options()));  // as `set +o` lists them
      else if (!set_option_by_name(shell, std::string_view(a).substr(2), true)) throw FatalError{{2}};
      continue;
    }
    if (a == "-" || a == "+") {
      ++i;
      positional_given = true;
      break;
    }
    if (a.size() < 2 || (a[0] != '-' && a[0] != '+')) break;
    bool on = a[0] == '-';
    for (size_t k = 1; k < a.size(); ++k) {
      char c = a[k];
      if (c == 'o') {
        if (i + 1 >= argv.size() || argv[i + 1][0] == '-' || argv[i + 1][0] == '+') {
          if (on) list_options(shell);
          else shell.out().write(option_commands(shell.options()));
          continue;
        }
        if (!set_option_by_name(shell, argv[++i], on)) throw FatalError{{2}};
        continue;
      }
      if (c == 'A') {
        if (i + 1 < argv.size()) array_name = argv[++i];
        replace_array = on;
        positional_given = true;
        continue;
      }
      if (c == 's') {
        sort_positional = on;
        continue;
      }
      if (const OptionName* option = find_option_letter(c)) {
        shell.options().*option->field = on;
      } else {
        shell.error(fmt::format("set: -{}: unknown option", c));
        throw FatalError{{2}};
      }
    }
    if (!array_name.empty()) {
      ++i;
      if (i < argv.size() && argv[i] == "--") ++i;  // set -A name -- values
      break;
    }
  }
  std::vector<std::string> rest(argv.begin() + static_cast<long>(std::min(i, argv.size())), argv.end());
  if (!array_name.empty()) {
    // set +A NAME: the values replace the first elements, the rest stay;
    // an associative array has no first elements.
    if (!replace_array) {
      VarRef ref = shell.vars().resolve(array_name);
      if (ref.var != nullptr && ref.var->is_assoc()) {
        shell.error(fmt::format("set: cannot append indexed array to associative array {}", array_name));
        throw FatalError{{1}};
      }
    }
    if (replace_array) shell.vars().unset(array_name);
    for (size_t k = 0; k < rest.size(); ++k) shell.assign_element(array_name, std::to_string(k), rest[k]);
    return 0;
  }
  if (positional_given || !rest.empty()) shell.positional() = rest;
  if (sort_positional) std::sort(shell.positional().begin(), shell.positional().end());
  return 0;
}

}  // namespace

void register_set_builtins(BuiltinTable& table) {
  table["shift"] = Builtin{builtin_shift, true};
  table["set"] = Builtin{builtin_set, true};
}

}  // namespace forklift::interp
