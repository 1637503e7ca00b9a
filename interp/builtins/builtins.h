// Builtin commands, registered by family (one file each).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "interp/shell.h"

namespace forklift::interp {

using BuiltinTable = absl::flat_hash_map<std::string, Builtin>;

void register_control_flow_builtins(BuiltinTable& table);
void register_set_builtins(BuiltinTable& table);
void register_unset_builtin(BuiltinTable& table);
void register_directory_builtins(BuiltinTable& table);
void register_let_builtin(BuiltinTable& table);
void register_command_lookup_builtins(BuiltinTable& table);
void register_builtin_builtin(BuiltinTable& table);
void register_trap_builtin(BuiltinTable& table);
void register_kill_wait_builtins(BuiltinTable& table);
void register_umask_builtin(BuiltinTable& table);
void register_exec_builtin(BuiltinTable& table);
void register_time_builtins(BuiltinTable& table);
void register_getopts_builtin(BuiltinTable& table);
void register_output_builtins(BuiltinTable& table);
void register_read_builtin(BuiltinTable& table);
void register_test_builtins(BuiltinTable& table);
void register_declaration_builtins(BuiltinTable& table);
void register_alias_builtins(BuiltinTable& table);
void register_ulimit_builtin(BuiltinTable& table);
void register_job_builtins(BuiltinTable& table);

// Reads the leading option words (-xyz; `--` ends them) of argv from index 1,
// calling `letter` for each option letter; it returns false to refuse one
// (after its message). Returns the index of the first operand, or nullopt
// when a letter was refused.
std::optional<size_t> scan_option_letters(const std::vector<std::string>& argv, const std::function<bool(char)>& letter);

// ksh93's builtins read `--name` as a long option, so a special builtin that
// has none ends the shell on `--name` (status 2) instead of taking it as an operand.
void refuse_long_option(Shell& shell, const std::vector<std::string>& argv);

// The process of a job spec (%N, %%, %+, %-) of the background jobs; nullopt
// when there is no such job.
std::optional<pid_t> job_pid(Shell& shell, std::string_view spec);

// Quotes a value for reuse as shell input (printf %q, typeset -p).
std::string shell_quote(const std::string& s);

}  // namespace forklift::interp
