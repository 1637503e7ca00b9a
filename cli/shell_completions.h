// Completion scripts for bash, zsh and fish, written from the command
// outlines (subcommands, their options, rule codes for --select and friends).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_outline.h"

namespace forklift::cli {

// nullopt for a shell other than bash, zsh and fish.
std::optional<std::string> completion_script(std::string_view shell, const CommandOutline& top,
                                             const std::vector<CommandOutline>& subcommands);

}  // namespace forklift::cli
