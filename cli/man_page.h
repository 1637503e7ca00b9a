// Man pages in roff, written from the command outlines and the rule
// reference: forklift(1) and forklift-SUBCOMMAND(1).
#pragma once

#include <string>
#include <vector>

#include "cli/command_outline.h"

namespace forklift::cli {

std::string main_man_page(const CommandOutline& top, const std::vector<CommandOutline>& subcommands);

std::string subcommand_man_page(const CommandOutline& command);

}  // namespace forklift::cli
