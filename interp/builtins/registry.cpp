#include "interp/builtins/builtins.h"

#include <fmt/format.h>

#include "interp/hash_key.h"

namespace forklift::interp {

absl::flat_hash_map<std::string, Builtin>& Shell::builtin_table() {
  static BuiltinTable table = [] {
    BuiltinTable t;
    register_control_flow_builtins(t);
    register_set_builtins(t);
    register_unset_builtin(t);
    register_directory_builtins(t);
    register_let_builtin(t);
    register_command_lookup_builtins(t);
    register_builtin_builtin(t);
    register_trap_builtin(t);
    register_kill_wait_builtins(t);
    register_umask_builtin(t);
    register_exec_builtin(t);
    register_time_builtins(t);
    register_getopts_builtin(t);
    register_output_builtins(t);
    register_read_builtin(t);
    register_test_builtins(t);
    register_declaration_builtins(t);
    register_alias_builtins(t);
    register_ulimit_builtin(t);
    register_job_builtins(t);
    return t;
  }();
  return table;
}

std::optional<size_t> scan_option_letters(const std::vector<std::string>& argv, const std::function<bool(char)>& letter) {
  size_t i = 1;
  for (; i < argv.size() && argv[i].size() > 1 && argv[i][0] == '-'; ++i) {
    if (argv[i] == "--") return i + 1;
    for (char opt : std::string_view(argv[i]).substr(1)) {
      if (!letter(opt)) return std::nullopt;
    }
  }
  return i;
}

void refuse_long_option(Shell& shell, const std::vector<std::string>& argv) {
  if (argv.size() < 2 || argv[1].size() < 3 || argv[1].compare(0, 2, "--") != 0) return;
  shell.fatal(fmt::format("{}: {}: unknown option", argv[0], argv[1]), 2);
}

const Builtin* Shell::find_builtin(std::string_view name) const {
  const auto& table = builtin_table();
  auto it = table.find(hash_key(name));
  return it == table.end() ? nullptr : &it->second;
}

}  // namespace forklift::interp
