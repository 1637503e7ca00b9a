// builtin: lists the builtin commands, or tells whether names are ones.
// forklift cannot load libraries of builtins (-f) nor remove them (-d), so
// `builtin NAME` succeeds only for the builtins it has: scripts that test
// `builtin cat` before relying on a builtin cat take their other branch.
#include <algorithm>

#include <fmt/format.h>

#include "interp/builtins/builtins.h"
#include "interp/errors.h"

namespace forklift::interp {

namespace {

// The names, sorted bytewise as ksh93 lists them; `special` keeps the POSIX special builtins alone.
void list_builtins(Shell& shell, bool special) {
  std::vector<std::string_view> names;
  for (const auto& [name, builtin] : Shell::builtin_table()) {
    if (!special || builtin.special) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  std::string out;
  for (std::string_view name : names) fmt::format_to(std::back_inserter(out), "{}\n", name);
  shell.out().write(out);
}

int builtin_builtin(Shell& shell, std::vector<std::string>& argv) {
  bool special = false;
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") {
      ++i;
      break;
    }
    for (char opt : std::string_view(argv[i]).substr(1)) {
      if (opt == 's') {
        special = true;
      } else if (opt == 'l') {
        // No libraries are loaded: nothing to list.
      } else if (opt == 'd' || opt == 'f') {
        shell.error(fmt::format("builtin: -{}: not supported by forklift run", opt));
        return 1;
      } else {
        shell.error(fmt::format("builtin: -{}: unknown option", opt));
        return 2;
      }
    }
  }
  if (i == argv.size()) {
    list_builtins(shell, special);
    return 0;
  }
  int status = 0;
  for (; i < argv.size(); ++i) {
    if (shell.find_builtin(argv[i]) != nullptr) continue;
    shell.error(fmt::format("builtin: {}: not found", argv[i]));
    status = 1;
  }
  return status;
}

}  // namespace

void register_builtin_builtin(BuiltinTable& table) { table["builtin"] = Builtin{builtin_builtin, false}; }

}  // namespace forklift::interp
