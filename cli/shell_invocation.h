// The command line of `forklift run`, read the way ksh93 reads its own:
//   [-abCefnuvx]... [+abCefnuvx]... [-o NAME | +o NAME]... [-i] [-E | +E | --rc | --norc]
//   [-c | -s] [--] [SCRIPT | CMDS] [ARGS...]
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace forklift::cli {

struct ShellInvocation {
  std::vector<std::pair<std::string, bool>> options;  // option names to turn on or off, in order
  bool command = false;     // -c: the first operand is the commands, then $0 and the arguments
  bool read_stdin = false;  // -s: the commands come from stdin, the operands are the arguments
  bool interactive = false; // -i: prompts, and an error ends the command, not the shell
  std::optional<bool> read_env_file;  // -E/--rc, +E/--norc: source $ENV first (interactive shells do by default)
  std::vector<std::string> operands;
};

// nullopt after setting `error` (e.g. "-z: unknown option").
std::optional<ShellInvocation> parse_shell_invocation(const std::vector<std::string>& args, std::string& error);

// `forklift run [--stats] [--arg0 NAME] SHELL-ARGS...`: takes SHELL-ARGS off
// `args` (forklift's arguments, program name excluded) before CLI11 parses
// them, since CLI11 would consume a `--` that ksh's command line gives a
// meaning to; shell_arguments() returns them. Other commands are left alone.
void take_shell_arguments(std::vector<std::string>& args);
const std::vector<std::string>& shell_arguments();

}  // namespace forklift::cli
