// Builtin commands, registered by family (one file each).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "interp/shell.h"

namespace forklift::interp {

using BuiltinTable = absl::flat_hash_map<std::string, Builtin>;

void register_core_builtins(BuiltinTable& table);
void register_output_builtins(BuiltinTable& table);
void register_read_builtin(BuiltinTable& table);
void register_test_builtins(BuiltinTable& table);
void register_declaration_builtins(BuiltinTable& table);
void register_alias_builtins(BuiltinTable& table);
void register_ulimit_builtin(BuiltinTable& table);
void register_job_builtins(BuiltinTable& table);

// Quotes a value for reuse as shell input (printf %q, typeset -p).
std::string shell_quote(const std::string& s);

// Expands backslash escapes of echo -e / print / %b; sets `stop` on \c.
std::string expand_print_escapes(std::string_view text, bool& stop);

}  // namespace forklift::interp
